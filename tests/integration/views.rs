//! What the maze looks like in every view, colour mode, theme and `--ascii`.

use maze_tui::app::{Action, App, ColorMode, Config, ThemeName};
use maze_tui::solve::SolverKind;
use maze_tui::ui::palette::{Palette, contrast};
use ratatui::style::Color;

use crate::screen::buffer;

fn config() -> Config {
    Config {
        width: Some(20),
        height: Some(10),
        seed: 7,
        solver: Some(SolverKind::Astar),
        ..Config::default()
    }
}

fn settled(config: Config, size: (u16, u16), actions: &[Action]) -> App {
    let mut app = App::new(config, size);
    for &a in actions {
        app.update(a);
        app.settle();
    }
    app
}

/// Each theme paints its own background under every cell and writes text that reads on
/// it; `NO_COLOR` (colour mode never) still wins over any theme.
#[test]
fn themes_paint_their_background_and_no_color_wins() {
    for theme in ThemeName::ALL {
        let palette = Palette::of(theme);
        let app = settled(
            Config { theme, ..config() },
            (120, 40),
            &[Action::ToEnd, Action::Step(40)],
        );
        let buf = buffer(&app);
        for cell in buf.content() {
            assert_ne!(
                cell.bg,
                Color::Reset,
                "{theme}: a cell without the theme's background"
            );
            assert_ne!(
                cell.fg,
                Color::Reset,
                "{theme}: a cell without the theme's text colour"
            );
            if cell.symbol() != " " {
                let ratio = contrast(cell.fg, cell.bg).expect("fixed colours");
                assert!(
                    ratio >= 4.5,
                    "{theme}: {:?} on {:?} is {ratio:.2}:1",
                    cell.fg,
                    cell.bg
                );
            }
        }
        assert!(buf.content().iter().any(|c| c.bg == palette.bg));
        let plain = settled(
            Config {
                theme,
                color: ColorMode::Never,
                ..config()
            },
            (120, 40),
            &[Action::ToEnd, Action::Step(40)],
        );
        for cell in buffer(&plain).content() {
            assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{theme}");
        }
    }
}
