//! Side panes lay text out by words: over random runs and terminal sizes, no number or
//! coordinate in the stats or the structure pane is cut at the pane's border.

use maze_tui::app::viewport::{self, Pane};
use maze_tui::app::{Action, App, Config, ModeAction};
use maze_tui::generate::GeneratorKind;
use maze_tui::solve::SolverKind;
use proptest::prelude::*;

use crate::screen::{buffer, rows};

/// The rows of `pane`'s inner area, when it is on screen (own area or the tab shown).
fn pane_rows(app: &App, pane: Pane) -> Vec<String> {
    let Some(areas) = app.areas() else {
        return Vec::new();
    };
    let area = match (areas.pane(pane), areas.tabs) {
        (Some(area), _) => area,
        (None, Some((_, body))) if areas.tab_shown(app.tab) == Some(pane) => body,
        _ => return Vec::new(),
    };
    let inner = viewport::inner(area);
    let screen = rows(&buffer(app));
    screen
        .iter()
        .skip(usize::from(inner.y))
        .take(usize::from(inner.height))
        .map(|r| {
            r.chars()
                .skip(usize::from(inner.x))
                .take(usize::from(inner.width))
                .collect()
        })
        .collect()
}

/// Why `row` looks cut at the pane's right edge, if it does. Text keeps the pane's last
/// column free, so a row of text (not a bar: the timeline, the sparkline) reaching it ran
/// into the border; a coordinate opened and not closed was cut too.
fn cut(row: &str) -> Option<&'static str> {
    let chars: Vec<char> = row.chars().collect();
    let marks = chars
        .iter()
        .filter(|c| !c.is_alphanumeric() && **c != ' ')
        .count();
    let bar = marks * 2 > chars.len();
    if !bar && chars.last().is_some_and(|&c| c != ' ') {
        return Some("text runs into the border");
    }
    let trimmed = row.trim_end();
    if let Some(open) = trimmed.rfind('(')
        && !trimmed[open..].contains(')')
        && trimmed[open + 1..]
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',')
    {
        return Some("a coordinate is cut");
    }
    None
}

fn generator() -> impl Strategy<Value = GeneratorKind> {
    proptest::sample::select(GeneratorKind::ALL.to_vec())
}

fn solver() -> impl Strategy<Value = Option<SolverKind>> {
    proptest::option::of(proptest::sample::select(SolverKind::ALL.to_vec()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn numbers_and_coordinates_are_never_cut_in_the_side_panes(
        generator in generator(),
        solver in solver(),
        cells in (2u32..40, 2u32..25),
        steps in 0u64..600,
        size in (80u16..=200, 24u16..=60),
        inspect in any::<bool>(),
        structure_tab in any::<bool>(),
        seed in 0u64..1000,
    ) {
        let config = Config {
            width: Some(cells.0),
            height: Some(cells.1),
            seed,
            generator,
            solver,
            ..Config::default()
        };
        let mut app = App::new(config, size);
        let mut actions = vec![Action::Step(steps)];
        if solver.is_some() {
            actions = vec![Action::ToEnd, Action::Step(steps)];
        }
        if inspect {
            actions.push(Action::Mode(ModeAction::ToggleInspect));
        }
        for a in actions {
            app.update(a);
            app.settle();
        }
        if structure_tab {
            app.tab = Pane::Structure;
        }
        for pane in [Pane::Stats, Pane::Structure] {
            for row in pane_rows(&app, pane) {
                if let Some(why) = cut(&row) {
                    prop_assert!(false, "{pane:?} at {size:?}: {why}: {row:?}");
                }
            }
        }
    }
}

/// Eller's row sets list each set's columns: a set as wide as the maze makes a list wider
/// than the pane, which must break between columns, not run into the border (a case the
/// property above found: 38×5 cells at 99×24).
#[test]
fn ellers_wide_row_sets_break_between_columns() {
    for seed in [660, 1, 2, 3] {
        let config = Config {
            width: Some(38),
            height: Some(5),
            seed,
            generator: GeneratorKind::Eller,
            ..Config::default()
        };
        let mut app = App::new(config, (99, 24));
        app.tab = Pane::Structure;
        for step in 0..400 {
            for row in pane_rows(&app, Pane::Structure) {
                assert!(cut(&row).is_none(), "seed {seed} step {step}: {row:?}");
            }
            app.update(Action::Step(1));
            app.settle();
        }
    }
}
