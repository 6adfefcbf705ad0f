//! Guided lessons: a TOML file of stops, each setting up a maze and an algorithm (or a
//! race), going to a step, showing a short text and maybe asking the quiz's questions.
//! `]` and `[` move between stops in the explorer; the learner explores freely between.
//!
//! A stop's keys (all but `text` optional; a stop keeps the previous stop's settings for
//! the keys it leaves out, and the first stop's seed is 1 unless given):
//!
//! ```toml
//! title = "BFS against DFS"
//!
//! [[stop]]
//! generator = "recursive-backtracker"   # or: maze = """ text maze """
//! width = 16                            # cells
//! height = 8
//! seed = 3
//! braid = 0.3                           # share of dead ends removed
//! terrain = 0.4                         # share of open tiles given a cost 2-9
//! solver = "bfs"                        # or: race = ["bfs", "dfs"]
//! heuristic = "manhattan"               # A*, greedy
//! diagonal = false
//! weight = 1.0                          # weighted A*
//! at = 40                               # a step, or "end"
//! quiz = true                           # ask each step's question at this stop
//! text = "BFS takes tiles in order of moves from S: a wave."
//! ```
//!
//! Parsing is serde over the `toml` crate with [`toml::Spanned`] values, so a problem is
//! reported with the line of the value at fault.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::generate::GeneratorKind;
use crate::maze::Grid;
use crate::solve::{Heuristic, SolverKind};

/// The built-in lessons: name, TOML text (compiled in).
pub const BUILT_IN: [(&str, &str); 6] = [
    ("bfs-vs-dfs", include_str!("builtin/bfs-vs-dfs.toml")),
    (
        "dijkstra-terrain",
        include_str!("builtin/dijkstra-terrain.toml"),
    ),
    (
        "astar-heuristics",
        include_str!("builtin/astar-heuristics.toml"),
    ),
    ("greedy-trap", include_str!("builtin/greedy-trap.toml")),
    (
        "prim-vs-kruskal",
        include_str!("builtin/prim-vs-kruskal.toml"),
    ),
    ("uniform-trees", include_str!("builtin/uniform-trees.toml")),
];

/// A lesson: its title and its stops, each with every setting resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The title.
    pub title: String,
    /// The stops, in order (at least one).
    pub stops: Vec<Stop>,
}

/// Where a stop's maze comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A generator run on a `width × height`-cell maze.
    Generated {
        /// The generator.
        generator: GeneratorKind,
        /// Width in cells.
        width: u32,
        /// Height in cells.
        height: u32,
    },
    /// A text maze written in the lesson.
    Inline(Grid),
}

/// Where a stop goes on the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// This many steps into the run (the solver's, or the generator's when none).
    Step(u64),
    /// The end of the run.
    End,
}

/// One stop, every setting resolved (inherited from the stops before it).
#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    /// The maze.
    pub source: Source,
    /// The seed of the generator and of the terrain.
    pub seed: u64,
    /// Share of dead ends removed (0–1).
    pub braid: f64,
    /// Share of open tiles given a random cost 2–9 (0–1).
    pub terrain: f64,
    /// The solver run, if any.
    pub solver: Option<SolverKind>,
    /// Solvers raced instead (2–4), if any.
    pub race: Vec<SolverKind>,
    /// The heuristic of A* and greedy best-first.
    pub heuristic: Heuristic,
    /// 8-way moves.
    pub diagonal: bool,
    /// Weighted A*'s `w`, in hundredths.
    pub weight: u32,
    /// Where the stop goes.
    pub at: At,
    /// Quiz mode at this stop.
    pub quiz: bool,
    /// What the stop says.
    pub text: String,
}

/// A lesson file's problem: the 1-based line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct Problem {
    /// The line of the value at fault (1 when the whole file is).
    pub line: usize,
    /// The field and what is wrong with it.
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    title: Spanned<String>,
    #[serde(default)]
    stop: Vec<Spanned<RawStop>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStop {
    generator: Option<Spanned<String>>,
    maze: Option<Spanned<String>>,
    width: Option<Spanned<u32>>,
    height: Option<Spanned<u32>>,
    seed: Option<Spanned<u64>>,
    braid: Option<Spanned<f64>>,
    terrain: Option<Spanned<f64>>,
    solver: Option<Spanned<String>>,
    race: Option<Spanned<Vec<String>>>,
    heuristic: Option<Spanned<String>>,
    diagonal: Option<bool>,
    weight: Option<Spanned<f64>>,
    at: Option<Spanned<toml::Value>>,
    quiz: Option<bool>,
    text: Option<Spanned<String>>,
}

/// The line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// A problem with the value at `span` of `text`.
fn problem(text: &str, span: Range<usize>, message: String) -> Problem {
    Problem {
        line: line_of(text, span.start),
        message,
    }
}

/// A share in 0–1.
fn share(text: &str, name: &str, value: &Spanned<f64>) -> Result<f64, Problem> {
    let v = *value.get_ref();
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        let message = format!("{name}: {v} is not a share from 0 to 1");
        Err(problem(text, value.span(), message))
    }
}

impl Lesson {
    /// Read a lesson from its TOML `text`, checking every stop. O(text + mazes).
    ///
    /// # Errors
    /// The first [`Problem`]: a TOML syntax error, an unknown key, a value of the wrong
    /// type, an unknown algorithm name, a size out of range, a bad inline maze, a missing
    /// `text`, or no stop at all; each with its line.
    pub fn parse(text: &str) -> Result<Self, Problem> {
        let file: File = toml::from_str(text).map_err(|e| Problem {
            line: e.span().map_or(1, |s| line_of(text, s.start)),
            message: e.message().trim().to_owned(),
        })?;
        if file.stop.is_empty() {
            return Err(problem(
                text,
                file.title.span(),
                "no [[stop]] in the lesson".into(),
            ));
        }
        let mut stops: Vec<Stop> = Vec::new();
        for (n, raw) in file.stop.iter().enumerate() {
            let stop = resolve(text, raw.get_ref(), stops.last()).map_err(|p| Problem {
                message: format!("stop {}: {}", n + 1, p.message),
                ..p
            })?;
            stops.push(stop);
        }
        Ok(Self {
            title: file.title.into_inner(),
            stops,
        })
    }

    /// The built-in lesson called `name`.
    ///
    /// # Errors
    /// [`crate::Error::Invalid`] for an unknown name (the names listed).
    pub fn built_in(name: &str) -> Result<Self, crate::Error> {
        let Some((_, text)) = BUILT_IN.iter().find(|(n, _)| *n == name) else {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            return Err(crate::Error::Invalid(format!(
                "unknown lesson '{name}' (built in: {})",
                names.join(", ")
            )));
        };
        Self::parse(text).map_err(|p| crate::Error::Invalid(format!("lesson {name}: {p}")))
    }
}

/// A stop from its keys over the previous stop's settings.
fn resolve(text: &str, raw: &RawStop, before: Option<&Stop>) -> Result<Stop, Problem> {
    let name_of = |field: &str, value: &Spanned<String>, find: &dyn Fn(&str) -> bool| {
        if find(value.get_ref()) {
            Ok(())
        } else {
            let message = format!("{field}: unknown {field} '{}'", value.get_ref());
            Err(problem(text, value.span(), message))
        }
    };
    let source = match (&raw.maze, &raw.generator) {
        (Some(maze), _) => {
            let grid = Grid::parse(maze.get_ref().trim_matches('\n'))
                .map_err(|e| problem(text, maze.span(), format!("maze: {e}")))?;
            Source::Inline(grid)
        }
        (None, generator) => {
            if let Some(g) = generator {
                name_of("generator", g, &|n| GeneratorKind::from_name(n).is_ok())?;
            }
            let (before_gen, bw, bh) = match before.map(|b| &b.source) {
                Some(Source::Generated {
                    generator,
                    width,
                    height,
                }) => (*generator, *width, *height),
                _ => (GeneratorKind::RecursiveBacktracker, 16, 8),
            };
            let size = |v: &Option<Spanned<u32>>, name: &str, keep: u32| match v {
                Some(s) if (1..=200).contains(s.get_ref()) => Ok(*s.get_ref()),
                Some(s) => Err(problem(
                    text,
                    s.span(),
                    format!("{name}: {} is not a size from 1 to 200 cells", s.get_ref()),
                )),
                None => Ok(keep),
            };
            Source::Generated {
                generator: generator
                    .as_ref()
                    .and_then(|g| GeneratorKind::from_name(g.get_ref()).ok())
                    .unwrap_or(before_gen),
                width: size(&raw.width, "width", bw)?,
                height: size(&raw.height, "height", bh)?,
            }
        }
    };
    let solver_of = |v: &Spanned<String>, field: &str| {
        SolverKind::from_name(v.get_ref()).map_err(|_| {
            let message = format!("{field}: unknown solver '{}'", v.get_ref());
            problem(text, v.span(), message)
        })
    };
    let solver = match &raw.solver {
        Some(s) => Some(solver_of(s, "solver")?),
        None if raw.race.is_some() => None,
        None => before.and_then(|b| b.solver),
    };
    let race = match &raw.race {
        Some(r) => {
            let names = r.get_ref();
            if !(2..=4).contains(&names.len()) {
                let message = format!("race: {} names, not 2 to 4", names.len());
                return Err(problem(text, r.span(), message));
            }
            let spanned = |n: &String| Spanned::new(r.span(), n.clone());
            names
                .iter()
                .map(|n| solver_of(&spanned(n), "race"))
                .collect::<Result<Vec<_>, _>>()?
        }
        None if raw.solver.is_some() => Vec::new(),
        None => before.map(|b| b.race.clone()).unwrap_or_default(),
    };
    let heuristic = match &raw.heuristic {
        Some(h) => Heuristic::from_name(h.get_ref()).map_err(|_| {
            let message = format!("heuristic: unknown heuristic '{}'", h.get_ref());
            problem(text, h.span(), message)
        })?,
        None => before.map_or(Heuristic::Manhattan, |b| b.heuristic),
    };
    let weight = match &raw.weight {
        Some(w) if (1.0..=10.0).contains(w.get_ref()) => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let hundredths = (w.get_ref() * 100.0).round() as u32;
            hundredths
        }
        Some(w) => {
            let message = format!("weight: {} is not from 1 to 10", w.get_ref());
            return Err(problem(text, w.span(), message));
        }
        None => before.map_or(100, |b| b.weight),
    };
    let at = match &raw.at {
        None => At::Step(0),
        Some(v) => match v.get_ref() {
            toml::Value::Integer(n) if *n >= 0 => At::Step(n.unsigned_abs()),
            toml::Value::String(s) if s == "end" => At::End,
            other => {
                let message = format!("at: {other} is not a step (0 or more) or \"end\"");
                return Err(problem(text, v.span(), message));
            }
        },
    };
    let Some(words) = raw.text.as_ref().filter(|t| !t.get_ref().trim().is_empty()) else {
        return Err(Problem {
            line: 1,
            message: "text: every stop says something (text = \"...\")".into(),
        });
    };
    Ok(Stop {
        source,
        seed: raw
            .seed
            .as_ref()
            .map(|s| *s.get_ref())
            .or(before.map(|b| b.seed))
            .unwrap_or(1),
        braid: match &raw.braid {
            Some(b) => share(text, "braid", b)?,
            None => before.map_or(0.0, |b| b.braid),
        },
        terrain: match &raw.terrain {
            Some(t) => share(text, "terrain", t)?,
            None => before.map_or(0.0, |b| b.terrain),
        },
        solver,
        race,
        heuristic,
        diagonal: raw.diagonal.or(before.map(|b| b.diagonal)).unwrap_or(false),
        weight,
        at,
        quiz: raw.quiz.unwrap_or(false),
        text: words.get_ref().trim().to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_lesson_parses() {
        for (name, text) in BUILT_IN {
            let lesson = Lesson::parse(text).unwrap_or_else(|p| panic!("{name}: {p}"));
            assert!(!lesson.stops.is_empty(), "{name}");
        }
    }

    #[test]
    fn a_problem_names_its_line_and_field() {
        let text = "title = \"t\"\n\n[[stop]]\nsolver = \"astra\"\ntext = \"x\"\n";
        let p = Lesson::parse(text).expect_err("unknown solver");
        assert_eq!(p.line, 4);
        assert!(p.message.contains("solver: unknown solver 'astra'"), "{p}");
        let p = Lesson::parse("title = \"t\"\n[[stop]]\nwidth = 0\ntext = \"x\"\n")
            .expect_err("bad size");
        assert_eq!((p.line, p.message.contains("width")), (3, true), "{p}");
        let p = Lesson::parse("title = \"t\"\n[[stop]]\ncolour = 1\n").expect_err("unknown key");
        assert_eq!(p.line, 3, "{p}");
    }

    #[test]
    fn a_stop_keeps_what_the_one_before_set() {
        let text = "title = \"t\"\n[[stop]]\nseed = 9\nsolver = \"bfs\"\ntext = \"a\"\n\
                    [[stop]]\nsolver = \"dfs\"\ntext = \"b\"\n";
        let lesson = Lesson::parse(text).expect("valid");
        assert_eq!(lesson.stops[1].seed, 9);
        assert_eq!(lesson.stops[1].solver, Some(SolverKind::Dfs));
        let first = Lesson::parse("title = \"t\"\n[[stop]]\ntext = \"a\"\n").expect("valid");
        assert_eq!(first.stops[0].seed, 1);
    }
}
