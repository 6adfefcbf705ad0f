//! A one-line text prompt over the key bar (the file name to save to): typed characters,
//! Backspace, Enter confirms, Esc cancels.

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
}

impl Prompt {
    /// An empty prompt for `purpose`, holding `text` to start from.
    #[must_use]
    pub fn new(purpose: Purpose, text: impl Into<String>) -> Self {
        Self {
            purpose,
            text: text.into(),
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
        if !c.is_control() && self.text.chars().count() < MAX_LEN {
            self.text.push(c);
        }
    }

    /// Delete the last character.
    pub fn backspace(&mut self) {
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
}
