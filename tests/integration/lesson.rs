//! Lessons: `maze-tui lesson` lists the built-ins, `--check` passes every built-in and
//! names the line and field of a broken file, every stop of every built-in is reached
//! (`]` from the first to the last, `[` back), and each stop is drawn at 80×24 and 120×40.

use std::sync::Arc;

use crate::cmd::Cmd;
use maze_tui::app::lesson::{Progress, stop_config};
use maze_tui::app::{Action, App, Config, Stage};
use maze_tui::lesson::{At, BUILT_IN, Lesson};
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn bin() -> Cmd {
    Cmd::maze_tui()
}

/// Its output, after asserting it succeeded.
fn success(cmd: &mut Cmd) -> std::process::Output {
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn lesson_lists_the_built_ins() {
    let out = success(bin().arg("lesson")).stdout;
    let text = String::from_utf8(out).expect("text");
    for (name, _) in BUILT_IN {
        assert!(text.contains(name), "{name} listed:\n{text}");
    }
    assert!(BUILT_IN.len() >= 6);
}

#[test]
fn every_built_in_passes_check_and_a_broken_file_names_its_line_and_field() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in BUILT_IN {
        let path = dir.path().join(format!("{name}.toml"));
        std::fs::write(&path, text).expect("write");
        success(bin().args(["lesson", "--check"]).arg(&path));
    }
    let broken = dir.path().join("broken.toml");
    std::fs::write(
        &broken,
        "title = \"broken\"\n\n[[stop]]\nsolver = \"bfs\"\ntext = \"fine\"\n\n[[stop]]\nheuristic = \"manhatan\"\ntext = \"x\"\n",
    )
    .expect("write");
    let out = bin()
        .args(["lesson", "--check"])
        .arg(&broken)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).expect("text");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("broken.toml:8: stop 2: heuristic"), "{err}");
}

fn draw(app: &App) -> Terminal<TestBackend> {
    let mut terminal =
        Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("test backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    terminal
}

fn snapshot(name: &str, app: &App) {
    let terminal = draw(app);
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, terminal.backend());
    });
}

/// The app at the first stop of `lesson` on a terminal of `size`.
fn open(lesson: &Lesson, size: (u16, u16)) -> App {
    let base = Config {
        seed: 1,
        ..Config::default()
    };
    let mut config = stop_config(&base, &lesson.stops[0]).expect("a stop's settings");
    config.lesson = Some(Progress {
        lesson: Arc::new(lesson.clone()),
        at: 0,
    });
    let mut app = App::new(config, size);
    app.begin_lesson();
    app.settle();
    app
}

/// Where the stop said to go: its step of the run, or the run's end.
fn check_reached(app: &App, lesson: &Lesson, at: usize, name: &str) {
    let stop = &lesson.stops[at];
    let progress = app.config.lesson.as_ref().expect("in a lesson");
    assert_eq!(progress.at, at, "{name}");
    assert!(
        app.log_lines().iter().any(|l| l.contains(&stop.text)),
        "{name} stop {at}: its text is in the log"
    );
    assert_eq!(app.quiz.on, stop.quiz, "{name} stop {at}");
    match (stop.at, &app.stage) {
        (At::End, Stage::Race { .. }) => assert!(app.stage.finished(), "{name} stop {at}"),
        (At::End, _) => assert!(app.stage.finished(), "{name} stop {at}: at the end"),
        (At::Step(n), _) => assert_eq!(app.stage.active_step(), n, "{name} stop {at}"),
    }
    if !stop.race.is_empty() {
        assert!(
            matches!(app.stage, Stage::Race { .. }),
            "{name} stop {at}: a race"
        );
    }
}

#[test]
fn every_stop_of_every_built_in_is_reached_and_drawn() {
    for (name, text) in BUILT_IN {
        let lesson = Lesson::parse(text).expect("a valid lesson");
        for size in [(80u16, 24u16), (120, 40)] {
            let mut app = open(&lesson, size);
            for at in 0..lesson.stops.len() {
                if at > 0 {
                    app.update(Action::Lesson(1));
                    app.settle();
                }
                check_reached(&app, &lesson, at, name);
                snapshot(
                    &format!("lesson_{name}_stop_{}_{}x{}", at + 1, size.0, size.1),
                    &app,
                );
            }
            // Past the last stop: it stays; `[` goes back one.
            app.update(Action::Lesson(1));
            assert_eq!(
                app.config.lesson.as_ref().map(|p| p.at),
                Some(lesson.stops.len() - 1)
            );
            if lesson.stops.len() > 1 {
                app.update(Action::Lesson(-1));
                app.settle();
                check_reached(&app, &lesson, lesson.stops.len() - 2, name);
            }
        }
    }
}

/// `maze-tui quiz`: each round has exactly one right letter of four (so answering every
/// round with a, then b, c, d scores the rounds once in all), and names the signature.
#[test]
fn which_algorithm_made_this_has_one_right_answer_a_round() {
    use maze_tui::cli::{QuizArgs, quiz};
    let args = QuizArgs {
        rounds: 6,
        seed: Some(11),
    };
    let mut total = 0;
    for letter in ['a', 'b', 'c', 'd'] {
        let answers = format!("{letter}\n").repeat(6);
        let mut out = Vec::new();
        total += quiz(&args, &mut answers.as_bytes(), &mut out).expect("rounds");
        let text = String::from_utf8(out).expect("text");
        assert_eq!(
            text.matches("which algorithm made this").count(),
            6,
            "{text}"
        );
        assert!(text.contains(" — "), "a signature:\n{text}");
    }
    assert_eq!(total, 6);
    let out = success(
        bin()
            .args(["quiz", "--rounds", "2", "--seed", "3"])
            .write_stdin("a\nb\n"),
    )
    .stdout;
    let text = String::from_utf8(out).expect("text");
    assert!(text.contains("/2 right (seed 3"), "{text}");
}
