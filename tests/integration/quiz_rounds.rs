//! "Which algorithm made this?" in the explorer: the rounds screen drawn at 80×24 and
//! 120×40 (snapshots of a maze round and a search round, asked and answered), keys `a`–`d`
//! scoring against the round's own answer, `n` going on, the last round quitting, and no
//! screen naming the hidden algorithm before the answer.

use maze_tui::app::input::map_app_event;
use maze_tui::app::{App, Config};
use maze_tui::teach::guess::Game;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::edit::snapshot;
use crate::screen::text;

fn app(rounds: u32, seed: u64, size: (u16, u16)) -> App {
    let config = Config {
        guess: Some(Game::new(rounds, seed).expect("rounds")),
        ..Config::default()
    };
    let mut app = App::new(config, size);
    app.begin_guess();
    app
}

fn press(app: &mut App, code: KeyCode) {
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(action) = map_app_event(&event, app) {
        app.update(action);
    }
}

/// The first seeds whose first round is a maze round and a search round.
fn seeds() -> (u64, u64) {
    let first = |search: bool| {
        (0..100)
            .find(|&s| Game::new(1, s).expect("rounds").round.solver.is_some() == search)
            .expect("a seed")
    };
    (first(false), first(true))
}

#[test]
fn rounds_screen_snapshots() {
    let (maze_seed, search_seed) = seeds();
    for size in [(80, 24), (120, 40)] {
        for (kind, seed) in [("maze", maze_seed), ("search", search_seed)] {
            let mut app = app(3, seed, size);
            let name = format!("which_algorithm_{kind}_round_{}x{}", size.0, size.1);
            snapshot(&name, &app);
            let answer = app.guess().expect("a game").round.answer;
            let wrong = (answer + 1) % 4;
            press(&mut app, KeyCode::Char(char::from(b'a' + wrong as u8)));
            snapshot(&format!("{name}_answered_wrong"), &app);
        }
    }
}

#[test]
fn the_maze_is_drawn_and_the_answer_hidden_until_chosen() {
    let (maze_seed, search_seed) = seeds();
    for seed in [maze_seed, search_seed] {
        let app = app(2, seed, (120, 40));
        let text = text(&app);
        let game = app.guess().expect("a game");
        let hidden = game.round.names[game.round.answer];
        // Every name shows once, in the choices: nothing else on screen names it.
        for name in &game.round.names {
            assert_eq!(text.matches(name).count(), 1, "{name} in\n{text}");
        }
        assert!(
            !text.contains(game.round.signature),
            "{hidden}'s signature shown"
        );
        // The maze pane: the grid's walls as the explorer draws them, S and E.
        assert!(text.contains("Maze"), "{text}");
        assert!(
            text.contains('█') || text.contains('▀'),
            "no walls:\n{text}"
        );
        if game.round.solver.is_some() {
            assert!(
                app.stage.search().is_some_and(|s| s.finished()),
                "the search ran to its end"
            );
        }
    }
}

#[test]
fn letters_score_n_goes_on_and_the_last_round_quits() {
    let mut app = app(3, 11, (80, 24));
    let mut right = 0;
    for round in 1..=3u32 {
        let game = app.guess().expect("a game").clone();
        assert_eq!(game.number, round);
        press(&mut app, KeyCode::Char('x'));
        press(&mut app, KeyCode::Enter);
        assert_eq!(
            app.guess().map(|g| g.number),
            Some(round),
            "no answer, no next round"
        );
        let pick = if round == 2 {
            (game.round.answer + 1) % 4
        } else {
            game.round.answer
        };
        press(&mut app, KeyCode::Char(char::from(b'a' + pick as u8)));
        right += u32::from(pick == game.round.answer);
        // A second letter changes nothing.
        press(&mut app, KeyCode::Char('a'));
        let game = app.guess().expect("a game");
        assert_eq!(game.right, right);
        let text = text(&app);
        let word = if pick == game.round.answer {
            "right:"
        } else {
            "wrong:"
        };
        assert!(text.contains(word), "{text}");
        press(&mut app, KeyCode::Char('n'));
    }
    assert!(app.quit, "n after the last round quits");
    assert_eq!(app.guess().map(|g| g.right), Some(2));
    let mut app = self::app(2, 11, (80, 24));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit, "q quits");
}

/// A resize lays the round out again; too small a screen says so.
#[test]
fn a_resize_refits_the_round() {
    let mut app = app(1, 3, (120, 40));
    let event = Event::Resize(80, 24);
    if let Some(action) = map_app_event(&event, &app) {
        app.update(action);
    }
    assert_eq!(app.size, (80, 24));
    assert!(text(&app).contains("Which algorithm?"));
    let event = Event::Resize(30, 10);
    if let Some(action) = map_app_event(&event, &app) {
        app.update(action);
    }
    assert!(text(&app).contains("too small"));
}
