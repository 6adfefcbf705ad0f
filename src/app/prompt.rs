//! A one-line text prompt over the key bar (the file name to save to): typed characters,
//! Backspace, Enter confirms, Esc cancels. It opens with a suggested name, shown as
//! selected: typing replaces it, Backspace edits it.

/// The most characters a prompt takes.
pub const MAX_LEN: usize = 255;

/// What a confirmed prompt does with its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Save the maze to the file named.
    Save,
    /// Save a picture (SVG) of the maze and the search to the file named.
    Picture,
}

/// An open prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// What Enter does.
    pub purpose: Purpose,
    /// The text typed so far.
    pub text: String,
    /// Whether `text` is still the untouched suggestion (the first typed character
    /// replaces it).
    pub suggested: bool,
}

impl Prompt {
    /// A prompt for `purpose` suggesting `text`.
    #[must_use]
    pub fn new(purpose: Purpose, text: impl Into<String>) -> Self {
        let text = text.into();
        Self {
            purpose,
            suggested: !text.is_empty(),
            text,
        }
    }

    /// The question shown before the text.
    #[must_use]
    pub const fn label(&self) -> &'static str {
        match self.purpose {
            Purpose::Save => "save maze to: ",
            Purpose::Picture => "save picture (SVG) to: ",
        }
    }

    /// Type `c` (control characters are ignored; the text stops at [`MAX_LEN`]).
    pub fn push(&mut self, c: char) {
        if c.is_control() {
            return;
        }
        if std::mem::take(&mut self.suggested) {
            self.text.clear();
        }
        if self.text.chars().count() < MAX_LEN {
            self.text.push(c);
        }
    }

    /// Delete the last character (the suggestion becomes ordinary text to edit).
    pub fn backspace(&mut self) {
        self.suggested = false;
        self.text.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_and_deleting() {
        let mut p = Prompt::new(Purpose::Save, "");
        for c in "a.tx\tt".chars() {
            p.push(c);
        }
        assert_eq!(p.text, "a.txt");
        p.backspace();
        assert_eq!(p.text, "a.tx");
    }

    #[test]
    fn typing_replaces_the_suggestion_and_backspace_edits_it() {
        let mut p = Prompt::new(Purpose::Save, "maze.txt");
        for c in "/tmp/a.txt".chars() {
            p.push(c);
        }
        assert_eq!(p.text, "/tmp/a.txt");
        let mut p = Prompt::new(Purpose::Save, "maze.txt");
        p.backspace();
        p.backspace();
        p.backspace();
        for c in "md".chars() {
            p.push(c);
        }
        assert_eq!(p.text, "maze.md");
    }
}
