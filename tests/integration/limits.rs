//! Limits that must hold for any input: messages never carry control characters, output
//! goes only to regular files or new names, a PNG has a pixel budget, and the temporary
//! file of an output exists only while it is being written.

use std::process::Stdio;
use std::time::Duration;

use crate::cmd::Cmd as Command;

const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .write_stdin("")
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs")
}

/// `generate -a` with a form feed and with a C1 CSI: the error line shows them escaped;
/// no control character but the final newline reaches the terminal.
#[test]
fn control_characters_in_arguments_are_escaped_in_messages() {
    for (name, shown) in [("a\u{c}b", "a\\u{c}b"), ("a\u{9b}2Jb", "a\\u{9b}2Jb")] {
        let out = run(&["generate", "-a", name]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        assert!(err.contains(shown), "{err:?}");
        let body = err.strip_suffix('\n').expect("one line");
        assert!(!body.chars().any(char::is_control), "{err:?}");
    }
}

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

#[cfg(unix)]
fn is_fifo(path: &std::path::Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// `-o` onto a FIFO or a device is refused with one line and exit status 2, and the FIFO
/// is still a FIFO (it was neither written through nor replaced).
#[cfg(unix)]
#[test]
fn output_onto_a_fifo_or_a_device_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    for target in [fifo.to_str().expect("UTF-8"), "/dev/null"] {
        let out = run(&["generate", "--width", "4", "--height", "3", "-o", target]);
        assert_eq!(out.status.code(), Some(2), "{target}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert!(is_fifo(&fifo), "the FIFO is left as it was");
    assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
}

/// The explorer's `w` and `x` save through [`maze_tui::atomic::write_atomically`]: onto a
/// FIFO it refuses and leaves the FIFO as it was.
#[cfg(unix)]
#[test]
fn saving_onto_a_fifo_is_refused_and_leaves_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("mynull");
    mkfifo(&fifo);
    let result =
        maze_tui::atomic::write_atomically(&fifo, |out| std::io::Write::write_all(out, b"#####\n"));
    let err = result.expect_err("refused");
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(is_fifo(&fifo));
    assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
}

/// A PNG over the pixel budget is refused before anything is generated: one line, exit 2.
#[test]
fn a_png_over_the_budget_is_refused_at_once() {
    let out = run(&[
        "generate", "-f", "png", "--width", "3000", "--height", "3000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("budget"), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert!(out.stdout.is_empty());
    let maze = run(&["generate", "--width", "300", "--height", "300"]);
    assert!(maze.status.success());
    let solve = Command::new(BIN)
        .args(["solve", "-f", "png", "--cell-size", "256", "-"])
        .write_stdin(maze.stdout)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    assert_eq!(solve.status.code(), Some(2));
}

/// `kill -9` while a large maze is still being generated leaves no file behind: the
/// temporary file is created only once output is ready to be written.
#[cfg(unix)]
#[test]
fn kill_9_while_computing_leaves_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let target = dir.path().join("big.txt");
    let mut child = std::process::Command::new(BIN)
        .args(["generate", "--width", "4000", "--height", "4000", "-o"])
        .arg(&target)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    std::thread::sleep(Duration::from_millis(150));
    let still_computing = child.try_wait().expect("status").is_none();
    child.kill().expect("kill -9");
    let _ = child.wait();
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    if still_computing {
        assert!(
            left.iter().all(|name| name == "big.txt"),
            "left behind: {left:?}"
        );
    }
}

/// A one-line corridor one tile over the tile cap (3 × (n + 2) > 101,000,000 tiles with the
/// searches' border: n = 33,666,665, about 17 M cells, well within the cell limit and the
/// 128 MiB text limit) is refused by every command that reads a maze, with one line and
/// exit 1, before any search allocates for it (the explorer before it touches the
/// terminal). The cap itself, and a line exactly at it, are tested with numbers in
/// `maze::limit`.
#[test]
fn a_thin_maze_over_the_tile_cap_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("line.txt");
    let mut line = vec![b' '; 33_666_665];
    line[0] = b'S';
    *line.last_mut().expect("long") = b'E';
    line.push(b'\n');
    std::fs::write(&path, &line).expect("write");
    drop(line);
    let file = path.to_str().expect("UTF-8 path");
    for args in [
        vec!["solve", file],
        vec!["solve", "-a", "ida-star", "-f", "json", file],
        vec!["compare", file],
        vec!["replan", file, "--fog", "3"],
        vec!["--load", file],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("too large"), "{args:?}: {err}");
        assert!(err.contains("1x33666665 tiles"), "{args:?}: {err}");
        assert!(err.contains("101000001 tiles"), "{args:?}: {err}");
        assert!(err.contains("limit is 101000000 tiles"), "{args:?}: {err}");
    }
}
