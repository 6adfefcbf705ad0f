//! The config file, completions and manual pages as a user meets them: the real binary,
//! a scratch `XDG_CONFIG_HOME`, bash itself completing, `man` rendering, and the explorer
//! on a pseudo-terminal reading its config file.
#![cfg(unix)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::cmd::Cmd;

/// The binary cargo built for these tests.
const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

/// The 14 generators' names, as the README lists them.
const GENERATORS: [&str; 17] = [
    "binary-tree",
    "sidewinder",
    "recursive-backtracker",
    "prim",
    "simplified-prim",
    "hunt-and-kill",
    "kruskal",
    "aldous-broder",
    "wilson",
    "growing-tree",
    "eller",
    "recursive-division",
    "origin-shift",
    "houston",
    "open",
    "obstacles",
    "rooms",
];

/// The binary with a scratch config and state folder (nothing from the user's own).
fn bin(home: &Path) -> Cmd {
    let mut cmd = Cmd::new(BIN);
    cmd.env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("HOME", home)
        .env_remove("MAZE_TUI_CONFIG");
    cmd
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_printed_default_loads_back_with_no_problem() {
    let home = tempfile::tempdir().unwrap();
    let out = bin(home.path())
        .args(["config", "--print-default"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let printed = text(&out.stdout);
    for key in [
        "generator = \"recursive-backtracker\"",
        "heuristic = ",
        "speed = 20",
        "remember",
    ] {
        assert!(printed.contains(key), "{key} missing:\n{printed}");
    }
    let file = home
        .path()
        .join("config")
        .join("maze-tui")
        .join("config.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, &printed).unwrap();
    // The usual place, found through XDG_CONFIG_HOME.
    let out = bin(home.path())
        .args(["config", "--check"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{}: ok\n", file.display()));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn a_typo_is_named_with_its_file_and_line_and_check_fails() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("mine.toml");
    std::fs::write(
        &file,
        "generator = \"prim\"\nsolvr = \"astar\"\nview = \"thinn\"\n",
    )
    .unwrap();
    let out = bin(home.path())
        .env("MAZE_TUI_CONFIG", &file)
        .args(["config"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let name = file.display();
    assert_eq!(
        text(&out.stderr),
        format!(
            "maze-tui: warning: {name}:2: unknown key 'solvr' (did you mean 'solver'?); ignored\n\
             maze-tui: warning: {name}:3: view: unknown value 'thinn' (did you mean 'thin'?); \
             ignored\nmaze-tui: error: {name} has 2 problems\n"
        )
    );
    // A missing file named on purpose is an error; at the usual place it means defaults.
    let out = bin(home.path())
        .args(["config", "--check", "/nonexistent/c.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = bin(home.path()).args(["config"]).output().unwrap();
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("no such file"),
        "{}",
        text(&out.stdout)
    );
}

/// What bash's programmable completion offers after `words` (the last word being
/// completed), through the script `maze-tui completions bash` prints.
fn bash_complete(script: &Path, words: &[&str]) -> Vec<String> {
    let line = words.join(" ");
    let program = format!(
        "source {script}\n\
         complete -p maze-tui >/dev/null || exit 9\n\
         COMP_WORDS=({line})\n\
         COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n\
         COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}\n\
         fn=$(complete -p maze-tui | sed 's/.*-F \\([^ ]*\\) .*/\\1/')\n\
         \"$fn\" maze-tui \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        script = script.display()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(program)
        .output()
        .expect("bash runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_owned).collect()
}

#[test]
fn bash_completes_every_generator_and_solver_name() {
    let home = tempfile::tempdir().unwrap();
    let out = bin(home.path())
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let script = home.path().join("maze-tui.bash");
    std::fs::write(&script, &out.stdout).unwrap();
    let syntax = Command::new("bash")
        .arg("-n")
        .arg(&script)
        .status()
        .unwrap();
    assert!(syntax.success(), "bash -n accepts the script");

    let mut offered = bash_complete(&script, &["maze-tui", "--generator", "''"]);
    offered.sort();
    let mut all = GENERATORS.map(str::to_owned).to_vec();
    all.sort();
    assert_eq!(offered, all);
    // After a subcommand too (clap_complete's hyphenated-name bug is worked around).
    let mut offered = bash_complete(&script, &["maze-tui", "generate", "--algorithm", "''"]);
    offered.sort();
    assert_eq!(offered, all);
    let solvers = bash_complete(&script, &["maze-tui", "solve", "-a", "''"]);
    for name in ["astar", "bfs", "dijkstra", "jump-point-search", "tremaux"] {
        assert!(solvers.iter().any(|s| s == name), "{name} in {solvers:?}");
    }
    assert_eq!(
        bash_complete(&script, &["maze-tui", "--view", "h"]),
        ["half-blocks"]
    );
    let flags = bash_complete(&script, &["maze-tui", "config", "--"]);
    for flag in ["--check", "--print-default", "--path"] {
        assert!(flags.iter().any(|f| f == flag), "{flag} in {flags:?}");
    }
}

#[test]
fn every_shell_gets_a_script_naming_the_algorithms() {
    let home = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = bin(home.path())
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        assert!(
            script.contains("recursive-backtracker") && script.contains("astar"),
            "{shell}"
        );
    }
    let out = bin(home.path())
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_manual_has_a_page_for_every_command_and_man_renders_them() {
    let home = tempfile::tempdir().unwrap();
    let out = bin(home.path()).arg("man").output().unwrap();
    assert!(out.status.success());
    let commands = [
        "generate",
        "solve",
        "algorithms",
        "stats",
        "compare",
        "record",
        "config",
        "completions",
        "man",
    ];
    let roff = text(&out.stdout);
    assert!(
        roff.starts_with(".ie \\n(.g .ds Aq") || roff.starts_with(".TH"),
        "roff"
    );
    for sub in commands {
        assert!(
            roff.contains(&format!(".TH maze-tui-{sub} 1")),
            "page {sub}"
        );
    }
    // Rendered by man itself, where it is installed.
    if Command::new("man").arg("--version").output().is_ok() {
        let mut child = Command::new("man")
            .args(["-l", "-"])
            .env("MANWIDTH", "100")
            .env("MANPAGER", "cat")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&out.stdout).unwrap();
        let shown = child.wait_with_output().unwrap();
        assert!(shown.status.success(), "{}", text(&shown.stderr));
        // Justified lines: compare words, not spaces.
        let shown = text(&shown.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(shown.contains("maze-tui(1)"), "{shown}");
        for sub in commands {
            assert!(
                shown.contains(&format!("maze-tui-{sub}(1)")),
                "{sub} rendered"
            );
            assert!(shown.contains(&format!("maze-tui {sub}")), "{sub} synopsis");
        }
        assert!(shown.contains("--print-default") && shown.contains("--generator"));
    }
    // One file a page with --dir.
    let dir = home.path().join("man1");
    std::fs::create_dir(&dir).unwrap();
    let out = bin(home.path())
        .args(["man", "--dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(dir.join("maze-tui.1").exists() && dir.join("maze-tui-config.1").exists());
}

/// The explorer on a 100×30 pty with the scratch folders of `home`, `args`; `keys` typed
/// once the first frame is up; the screen once it shows every one of `expect` (or after
/// 10 s), and whatever the explorer wrote before and after (stderr included).
fn explore(home: &Path, args: &[&str], keys: &[&str], expect: &[&str]) -> (String, String) {
    let mut explorer = Command::new(BIN);
    explorer
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("HOME", home)
        .env_remove("MAZE_TUI_CONFIG")
        .args(args);
    let (mut child, master, rx) = crate::tty::start_with(explorer);
    let mut term = Term {
        screen: vt100::Parser::new(30u16.try_into().unwrap(), 100u16.try_into().unwrap(), 0),
        raw: Vec::new(),
        rx,
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while !text(&term.raw).contains("quit") && Instant::now() < deadline {
        term.pump(Duration::from_millis(50));
    }
    let mut writer = master.try_clone().unwrap();
    for key in keys {
        writer.write_all(key.as_bytes()).unwrap();
        term.pump(Duration::from_millis(50));
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut shown = term.screen.screen().contents();
    while !expect.iter().all(|e| shown.contains(e)) && Instant::now() < deadline {
        term.pump(Duration::from_millis(50));
        shown = term.screen.screen().contents();
    }
    writer.write_all(b"q").unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        term.pump(Duration::from_millis(50));
    }
    let _ = child.kill();
    assert!(child.wait().unwrap().success(), "quits with status 0");
    term.pump(Duration::from_millis(100));
    drop(master);
    (shown, text(&term.raw))
}

/// What the explorer has written so far, as a screen and as bytes.
struct Term {
    screen: vt100::Parser,
    raw: Vec<u8>,
    rx: mpsc::Receiver<Vec<u8>>,
}

impl Term {
    /// Take in what arrives during `until`.
    fn pump(&mut self, until: Duration) {
        let deadline = Instant::now() + until;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            if let Ok(chunk) = self.rx.recv_timeout(left.min(Duration::from_millis(20))) {
                self.screen.process(&chunk);
                self.raw.extend(chunk);
            }
        }
    }
}

/// Write `text` as the usual config file under `home`.
fn config_file(home: &Path, text: &str) {
    let dir = home.join("config").join("maze-tui");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), text).unwrap();
}

#[test]
fn the_explorer_starts_as_the_config_file_says_and_flags_win() {
    let home = tempfile::tempdir().unwrap();
    config_file(
        home.path(),
        "generator = \"prim\"\nsolver = \"astar\"\nview = \"thin\"\nwidth = 12\nheight = 6\n\
         seed = 3\nspeed = 500\n",
    );
    let (shown, _) = explore(home.path(), &[], &[], &["speed 500/s"]);
    assert!(shown.contains("Maze 12×6 cells"), "{shown}");
    assert!(shown.contains("thin view"), "{shown}");
    assert!(shown.contains("Prim (weighted) paused"), "{shown}");
    assert!(shown.contains("next A*"), "{shown}");
    assert!(shown.contains("seed 3"), "{shown}");
    assert!(shown.contains("speed 500/s"), "{shown}");
    let (shown, _) = explore(
        home.path(),
        &["--generator", "wilson", "--seed", "4"],
        &[],
        &["seed 4"],
    );
    assert!(
        shown.contains("Wilson") && shown.contains("seed 4"),
        "{shown}"
    );
    assert!(
        shown.contains("next A*") && shown.contains("thin view"),
        "{shown}"
    );
}

#[test]
fn a_config_with_typos_still_starts_and_says_what_it_ignored() {
    let home = tempfile::tempdir().unwrap();
    config_file(
        home.path(),
        "generator = \"prim\"\nsolvr = \"astar\"\nwidth = 12\nheight = 6\n",
    );
    let (shown, raw) = explore(home.path(), &[], &[], &["config line 2"]);
    assert!(shown.contains("Prim (weighted)"), "{shown}");
    assert!(
        shown.contains("config line 2: unknown key 'solvr'"),
        "{shown}"
    );
    assert!(
        raw.contains("config.toml:2: unknown key 'solvr' (did you mean 'solver'?)"),
        "{raw}"
    );
}

#[test]
fn remember_keeps_the_last_generator_solver_view_and_speed() {
    let home = tempfile::tempdir().unwrap();
    config_file(home.path(), "remember = true\nwidth = 12\nheight = 6\n");
    // `t` cycles the view to thin, `+` plays faster (20 → 50 a second).
    let args = ["--generator", "kruskal", "--solver", "bfs"];
    let (shown, _) = explore(
        home.path(),
        &args,
        &["t", "+"],
        &["thin view", "speed 50/s"],
    );
    assert!(
        shown.contains("thin view") && shown.contains("speed 50/s"),
        "{shown}"
    );
    let kept = home
        .path()
        .join("state")
        .join("maze-tui")
        .join("session.toml");
    let text = std::fs::read_to_string(&kept).expect("the session was kept");
    assert_eq!(
        text,
        "generator = \"kruskal\"\nsolver = \"bfs\"\nspeed = 50\nview = \"thin\"\n"
    );
    let (shown, _) = explore(home.path(), &[], &[], &["Kruskal", "speed 50/s"]);
    assert!(
        shown.contains("Kruskal") && shown.contains("next BFS"),
        "{shown}"
    );
    assert!(
        shown.contains("thin view") && shown.contains("speed 50/s"),
        "{shown}"
    );
    // Without `remember`, nothing is read or written.
    config_file(home.path(), "width = 12\nheight = 6\n");
    std::fs::remove_file(&kept).unwrap();
    let (shown, _) = explore(home.path(), &["--generator", "eller"], &[], &["Eller"]);
    assert!(shown.contains("Eller"), "{shown}");
    assert!(!kept.exists());
}

#[test]
fn a_key_remapped_in_the_file_works_and_the_help_and_key_bar_show_it() {
    let home = tempfile::tempdir().unwrap();
    config_file(
        home.path(),
        "width = 12\nheight = 6\nseed = 3\n[keys]\nstep = \"l\"\n",
    );
    // `n` no longer steps (had it, the count would pass 1 before `l` is read).
    let (shown, _) = explore(home.path(), &[], &["n", "n", "l"], &["step 1"]);
    let stats: Vec<&str> = shown.lines().filter(|l| l.contains("step ")).collect();
    assert!(stats.iter().any(|l| l.contains("step 1")), "{shown}");
    assert!(
        !shown.contains("step 2") && !shown.contains("step 3"),
        "{shown}"
    );
    assert!(shown.contains("l step"), "the key bar: {shown}");
    let (shown, _) = explore(home.path(), &[], &["?"], &["one step;"]);
    let row = shown
        .lines()
        .find(|l| l.contains("one step;"))
        .expect("the step row");
    let keys = row
        .trim_start_matches(['│', ' '])
        .split("  ")
        .next()
        .unwrap_or("");
    assert_eq!(keys, "l", "{row}");
    // A conflict is refused, naming both commands, and the explorer still starts.
    config_file(
        home.path(),
        "width = 12\nheight = 6\n[keys]\nstep = \"q\"\n",
    );
    // (`g` clears the status line that tells the problem, so the key bar shows.)
    let (shown, raw) = explore(home.path(), &[], &["g"], &["n step"]);
    assert!(
        raw.contains("config.toml:4: keys.step: 'q' is already the key of quit; step keeps n ."),
        "{raw}"
    );
    assert!(shown.contains("n step"), "{shown}");
}

/// The README's key table is the help's table with the default keys; with
/// `UPDATE_README=1` the test writes it there instead.
#[test]
fn the_readme_key_table_is_the_help_table() {
    let readme_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let (begin, end) = ("<!-- keys:begin -->\n", "<!-- keys:end -->");
    let start = readme.find(begin).expect("the README marks its key table") + begin.len();
    let stop = start + readme[start..].find(end).expect("the table's end marker");
    let table = maze_tui::app::help::markdown(&maze_tui::app::keymap::Keymap::default());
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}{table}{}", &readme[..start], &readme[stop..]);
        std::fs::write(&readme_path, updated).unwrap();
        return;
    }
    assert_eq!(
        readme[start..stop],
        table,
        "README key table out of date: run `UPDATE_README=1 cargo test readme_key_table`"
    );
    // It reads as the help does: every binding's words, and the keys of a few rows.
    for row in [
        "| `n` `.` | one step; a count typed first repeats it (1, 0, then the key: ten steps) | `step` |",
        "| `+` `=` / `-` `_` | faster / slower",
        "| `q` `Ctrl-C` | quit (the terminal is restored) | `quit` |",
        "| `?` | this help",
        "| `@@` | the tile the algorithm works on (current) |  |",
    ] {
        assert!(table.contains(row), "{row} in\n{table}");
    }
}
