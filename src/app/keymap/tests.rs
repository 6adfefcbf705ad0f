//! Key names, the default map, and a `[keys]` table with its mistakes.

use super::*;

fn entry(action: &str, keys: &[&str], line: usize) -> KeyEntry {
    KeyEntry {
        action: action.to_owned(),
        keys: keys.iter().map(|k| (*k).to_owned()).collect(),
        line,
    }
}

#[test]
fn key_names_read_and_print_back() {
    for name in [
        "n", "N", ".", "?", "space", "enter", "tab", "pgup", "pgdn", "f5", "ctrl-n", "up", "insert",
    ] {
        let key = Key::parse(name).expect(name);
        assert_eq!(key.config_name(), name);
    }
    assert_eq!(Key::parse("PageUp"), Key::parse("pgup"));
    assert_eq!(Key::parse("Ctrl-N"), Key::parse("ctrl-n"));
    assert_eq!(Key::parse("ctrl-n").expect("ok").to_string(), "Ctrl-N");
    assert_eq!(Key::parse("space").expect("ok").to_string(), "space");
    assert_eq!(
        Key::parse("backspace").expect("ok").to_string(),
        "Backspace"
    );
    assert_eq!(
        Key::parse("spcae").expect_err("typo"),
        "unknown key 'spcae' (did you mean 'space'?)"
    );
    assert!(Key::parse("").is_err() && Key::parse("f13").is_err() && Key::parse("\u{7}").is_err());
}

#[test]
fn the_default_map_is_the_keys_the_help_lists() {
    let map = Keymap::default();
    assert_eq!(
        map.command(Key::parse("n").expect("n")),
        Some(Command::Step)
    );
    assert_eq!(
        map.command(Key::parse("=").expect("=")),
        Some(Command::Faster)
    );
    assert_eq!(map.command(Key::parse("l").expect("l")), None);
    // Every key the help names for a command's row is one of that row's commands' keys,
    // or a key no command owns.
    for row in super::super::help::BINDINGS {
        let shown = map.row_keys(row);
        for key in row.keys {
            assert!(
                shown.iter().any(|s| s == key),
                "{} lost {key}: {shown:?}",
                row.name
            );
        }
    }
    // No key belongs to two commands, and none is reserved.
    let mut seen = HashMap::new();
    for &command in Command::ALL {
        for key in command.default_keys() {
            assert_eq!(seen.insert(key, command), None, "{key}");
            assert_eq!(reserved(key), None, "{key}");
        }
        let row = command.help_row();
        assert!(
            super::super::help::BINDINGS.iter().any(|b| b.name == row),
            "{row}"
        );
    }
}

#[test]
fn a_remap_moves_the_key_and_the_help_shows_it() {
    let (map, warnings) = Keymap::from_entries(&[entry("step", &["l"], 3)]);
    assert_eq!(warnings, vec![]);
    assert_eq!(
        map.command(Key::parse("l").expect("l")),
        Some(Command::Step)
    );
    assert_eq!(map.command(Key::parse("n").expect("n")), None);
    assert_eq!(map.command(Key::parse(".").expect(".")), None);
    let step = super::super::help::BINDINGS
        .iter()
        .find(|b| b.name == "step")
        .expect("row");
    assert_eq!(map.row_keys(step), ["l"]);
    assert_eq!(map.first(Command::Step), "l");
}

#[test]
fn a_conflict_is_refused_naming_both_commands() {
    let (map, warnings) = Keymap::from_entries(&[entry("step", &["q"], 2)]);
    assert_eq!(
        warnings,
        [Warning {
            line: 2,
            message: "keys.step: 'q' is already the key of quit; step keeps n .".to_owned()
        }]
    );
    assert_eq!(map, Keymap::default());
    // Two entries wanting one key: the later one is refused.
    let (map, warnings) =
        Keymap::from_entries(&[entry("heat", &["f5"], 4), entry("view", &["f5"], 5)]);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 5);
    assert!(
        warnings[0].message.contains("key of heat"),
        "{}",
        warnings[0].message
    );
    assert_eq!(
        map.command(Key::parse("f5").expect("f5")),
        Some(Command::Heat)
    );
    assert_eq!(
        map.command(Key::parse("t").expect("t")),
        Some(Command::View)
    );
    // A swap is no conflict.
    let (map, warnings) =
        Keymap::from_entries(&[entry("heat", &["t"], 1), entry("view", &["h"], 2)]);
    assert_eq!(warnings, vec![]);
    assert_eq!(
        map.command(Key::parse("t").expect("t")),
        Some(Command::Heat)
    );
}

#[test]
fn unknown_actions_and_keys_and_reserved_keys_are_refused() {
    let (map, warnings) = Keymap::from_entries(&[
        entry("stpe", &["l"], 1),
        entry("back", &["spcae"], 2),
        entry("heat", &["5"], 3),
        entry("view", &["esc"], 4),
        entry("quit", &["ctrl-c"], 5),
        entry("play", &[], 6),
    ]);
    let messages: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "line 1: keys.stpe: unknown action 'stpe' (did you mean 'step'?); ignored",
            "line 2: keys.back: unknown key 'spcae' (did you mean 'space'?); ignored",
            "line 3: keys.heat: '5' is not free: digits type a count; ignored",
            "line 4: keys.view: 'esc' is not free: Esc cancels; ignored",
            "line 5: keys.quit: 'ctrl-c' is not free: Ctrl-C quits; ignored",
            "line 6: keys.play: no key given; ignored",
        ]
    );
    assert_eq!(map, Keymap::default());
}

#[test]
fn the_table_prints_every_command_and_reads_back_unchanged() {
    let text = Keymap::default().to_toml();
    assert!(
        text.starts_with("[keys]\nstep = [\"n\", \".\"]\n"),
        "{text}"
    );
    let loaded = crate::config::parse(&text);
    assert_eq!(loaded.warnings, vec![]);
    assert_eq!(loaded.keys.len(), Command::ALL.len());
    let (map, warnings) = Keymap::from_entries(&loaded.keys);
    assert_eq!((map, warnings), (Keymap::default(), vec![]));
}
