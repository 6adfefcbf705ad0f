//! Quiz mode in the explorer: the question's hint letters in every view and in the
//! structure pane, answers by letter, cursor and click, the score, the rule named in the
//! verdict, the JSON-lines log, and the bytes a question costs on the wire.

use maze_tui::app::{Action, App, Config, QuizAction, View};
use maze_tui::generate::GeneratorKind;
use maze_tui::solve::SolverKind;
use maze_tui::teach::{Answer, Question};
use maze_tui::ui::{quiz::screen_of, render};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::screen::{ByteCounter, buffer, text};

fn config(solver: SolverKind) -> Config {
    Config {
        width: Some(20),
        height: Some(10),
        seed: 7,
        generator: GeneratorKind::RecursiveBacktracker,
        solver: Some(solver),
        quiz: true,
        ..Config::default()
    }
}

/// The app with the maze complete and `solver` `steps` steps in, quiz on.
fn solving(solver: SolverKind, steps: u64, size: (u16, u16)) -> App {
    let mut app = App::new(config(solver), size);
    app.update(Action::ToEnd);
    app.settle();
    if steps > 0 {
        app.update(Action::Step(steps));
        app.settle();
    }
    app
}

fn key(c: char) -> Event {
    Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

/// The letter of the first choice accepted, and of the first one not.
fn letters(q: &Question) -> (char, Option<char>) {
    let right = q
        .choices
        .iter()
        .position(|c| c.accepted)
        .expect("one accepted");
    let wrong = q.choices.iter().position(|c| !c.accepted);
    (
        Question::letter(right).expect("a letter"),
        wrong.and_then(Question::letter),
    )
}

#[test]
fn every_view_shows_the_hint_letters_on_the_choices() {
    let mut app = solving(SolverKind::Astar, 12, (120, 40));
    for view in [View::Blocks, View::Thin, View::HalfBlock] {
        app.view = view;
        app.update(Action::Recenter);
        let q = app.question().expect("A* asks");
        let buf = buffer(&app);
        let inner = app.maze_inner().expect("room");
        for (i, c) in q.choices.iter().enumerate() {
            let tile = app.answer_tile(c.answer).expect("a tile");
            let (x, y) = screen_of(view, inner, app.scroll, tile).expect("on screen");
            let letter = Question::letter(i).expect("a letter").to_string();
            assert_eq!(
                buf[(x, y)].symbol(),
                letter,
                "{view:?} choice {i} at {tile}"
            );
        }
    }
}

#[test]
fn a_right_and_a_wrong_answer_are_scored_and_the_rule_named() {
    let mut app = solving(SolverKind::Astar, 10, (120, 40));
    let q = app.question().expect("A* asks");
    assert!(text(&app).contains(&q.ask), "the question is on screen");
    let (right, wrong) = letters(&q);
    let step = app.stage.active_step();
    let action = maze_tui::app::input::map_app_event(&key(right), &app);
    assert_eq!(action, Some(Action::Quiz(QuizAction::Letter(right))));
    app.update(action.expect("a quiz key"));
    assert_eq!(
        app.stage.active_step(),
        step + 1,
        "the answer takes the step"
    );
    assert_eq!((app.quiz.right, app.quiz.asked, app.quiz.streak), (1, 1, 1));
    let (ok, verdict) = app.quiz.verdict.clone().expect("a verdict");
    assert!(
        ok && verdict.starts_with("right: A* pops the lowest f"),
        "{verdict}"
    );
    // A wrong answer, where the next question has one.
    let q = app.question().expect("A* asks again");
    let (_, wrong_now) = letters(&q);
    let Some(wrong) = wrong_now.or(wrong) else {
        return;
    };
    if q.index_of(wrong).is_none_or(|i| q.choices[i].accepted) {
        return;
    }
    app.update(Action::Quiz(QuizAction::Letter(wrong)));
    assert_eq!((app.quiz.right, app.quiz.asked, app.quiz.streak), (1, 2, 0));
    let (ok, verdict) = app.quiz.verdict.clone().expect("a verdict");
    assert!(!ok, "{verdict}");
    assert!(
        verdict.starts_with("wrong: A* pops the lowest f"),
        "{verdict}"
    );
    assert!(verdict.contains("; you chose ("), "{verdict}");
    assert!(
        text(&app).contains("quiz 1/2 right"),
        "the score is in the stats"
    );
}

#[test]
fn b_n_and_q_keep_their_meaning_during_a_question() {
    let app = solving(SolverKind::Dijkstra, 5, (120, 40));
    assert!(app.question().is_some());
    let map = |c| maze_tui::app::input::map_app_event(&key(c), &app);
    assert_eq!(map('n'), Some(Action::Step(1)));
    assert_eq!(map('b'), Some(Action::StepBack(1)));
    assert_eq!(map('q'), Some(Action::Quit));
    assert_eq!(map('a'), Some(Action::Quiz(QuizAction::Letter('a'))));
}

#[test]
fn the_cursor_and_enter_answer_too() {
    let mut app = solving(SolverKind::Dfs, 6, (120, 40));
    let q = app.question().expect("DFS asks");
    let right = q.choices.iter().position(|c| c.accepted).expect("accepted");
    for _ in 0..right {
        app.update(Action::Quiz(QuizAction::Cursor(1)));
    }
    app.update(Action::Quiz(QuizAction::Confirm));
    assert_eq!((app.quiz.right, app.quiz.asked), (1, 1));
    let verdict = app.quiz.verdict.clone().expect("verdict").1;
    assert!(
        verdict.starts_with("right: DFS pops the top of the stack"),
        "{verdict}"
    );
}

#[test]
fn a_click_on_a_choice_answers_it() {
    let mut app = solving(SolverKind::Bfs, 8, (120, 40));
    let q = app.question().expect("BFS asks");
    let c = q.choices.iter().find(|c| c.accepted).expect("accepted");
    let tile = app.answer_tile(c.answer).expect("a tile");
    let inner = app.maze_inner().expect("room");
    let (x, y) = screen_of(app.view, inner, app.scroll, tile).expect("on screen");
    app.update(Action::Click { x, y, right: false });
    assert_eq!((app.quiz.right, app.quiz.asked), (1, 1));
}

#[test]
fn the_quiz_log_gets_one_json_line_an_answer_and_refuses_a_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("quiz.jsonl");
    let mut app = App::new(
        Config {
            quiz_log: Some(path.clone()),
            ..config(SolverKind::Astar)
        },
        (120, 40),
    );
    app.update(Action::ToEnd);
    app.settle();
    for _ in 0..3 {
        let q = app.question().expect("A* asks");
        app.update(Action::Quiz(QuizAction::Letter(letters(&q).0)));
    }
    let text = std::fs::read_to_string(&path).expect("the log");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert_eq!(line["algorithm"], "astar");
        assert_eq!(line["correct"], true);
        assert!(line["question"].as_str().is_some_and(|q| q.contains("A*")));
        assert!(line["accepted"].as_array().is_some_and(|a| !a.is_empty()));
        assert!(line["chosen"].as_str().is_some_and(|c| c.starts_with('(')));
    }
    assert_eq!(lines[0]["step"], 0);
    assert!(maze_tui::app::quiz::check_log(dir.path()).is_err());
}

#[test]
fn a_machine_without_a_question_lets_its_steps_pass() {
    let mut app = App::new(
        Config {
            generator: GeneratorKind::Sidewinder,
            solver: None,
            ..config(SolverKind::Bfs)
        },
        (120, 40),
    );
    assert!(app.question().is_none());
    app.update(Action::Quiz(QuizAction::Toggle));
    app.update(Action::Quiz(QuizAction::Toggle));
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("has no question"))
    );
    app.update(Action::Step(3));
    assert_eq!(app.stage.active_step(), 3);
}

fn snapshot(name: &str, app: &App) {
    let mut terminal =
        Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("test backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, terminal.backend());
    });
}

#[test]
fn quiz_snapshots() {
    snapshot(
        "quiz_astar_question_120x40",
        &solving(SolverKind::Astar, 12, (120, 40)),
    );
    snapshot(
        "quiz_astar_question_80x24",
        &solving(SolverKind::Astar, 12, (80, 24)),
    );
    // Step on to a question with a wrong choice, then choose it.
    let mut app = solving(SolverKind::Astar, 12, (120, 40));
    let wrong = (0..300)
        .find_map(|_| {
            let wrong = app.question().and_then(|q| letters(&q).1);
            if wrong.is_none() {
                app.update(Action::Step(1));
            }
            wrong
        })
        .expect("a question with a wrong choice");
    app.update(Action::Quiz(QuizAction::Letter(wrong)));
    snapshot("quiz_astar_after_a_wrong_answer_120x40", &app);
}

/// A question costs what a step costs on the wire: answering (which takes the step and
/// moves the letters) writes at most 600 bytes at 120×40, median over 30 answers.
#[test]
fn an_answered_question_writes_at_most_600_bytes_at_120x40() {
    for solver in [
        SolverKind::Astar,
        SolverKind::Bfs,
        SolverKind::Dfs,
        SolverKind::BidirectionalDijkstra,
        SolverKind::BidirectionalAstar,
        SolverKind::IdaStar,
    ] {
        let mut app = App::new(
            Config {
                width: None,
                height: None,
                ..config(solver)
            },
            (120, 40),
        );
        app.update(Action::ToEnd);
        app.settle();
        app.update(Action::Step(20));
        let mut term = ByteCounter::new(120, 40);
        term.draw(&app);
        let mut sizes = Vec::new();
        for _ in 0..30 {
            let Some(q) = app.question() else {
                app.update(Action::Step(1));
                continue;
            };
            app.update(Action::Quiz(QuizAction::Letter(letters(&q).0)));
            sizes.push(term.draw(&app));
        }
        sizes.sort_unstable();
        let median = sizes[sizes.len() / 2];
        eprintln!(
            "{}: median {median} bytes a question, {sizes:?}",
            solver.name()
        );
        assert!(
            median <= 600,
            "{}: median {median} bytes, {sizes:?}",
            solver.name()
        );
    }
}

#[test]
fn a_yes_no_answer_is_named() {
    assert_eq!(Answer::Yes.to_string(), "yes");
}
