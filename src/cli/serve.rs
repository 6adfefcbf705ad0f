//! `maze-tui serve`: its options, and the explorer settings each session starts from.

#[allow(clippy::wildcard_imports)]
use super::*;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::serve::{Access, Options, Presenting, SessionEnv};

/// Options of `maze-tui serve`. The explorer options (`--width`, `--generator`, `--seed`,
/// …) set every session's explorer; without `--seed` each session gets its own maze.
#[derive(Clone, Debug, Args)]
#[command(after_help = "Examples:\n  \
        maze-tui serve                                      # 127.0.0.1:2222, anyone on this machine\n  \
        maze-tui serve --listen 0.0.0.0:2222 --open         # a classroom on a private network\n  \
        maze-tui serve --listen 0.0.0.0:2222 --authorized-keys ~/.ssh/authorized_keys\n  \
        maze-tui serve --listen 0.0.0.0:2222 --open --present --width 20 --height 10\n  \
        echo 'secret' | maze-tui serve --hash-password       # a line for --password-file (prefix 'user:')\n\n\
        Students connect with `ssh -p 2222 HOST` (any user name with --open).")]
pub struct ServeArgs {
    /// Address and port to listen on; an address other than loopback needs
    /// --authorized-keys, --password-file or --open
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// The server's host key (OpenSSH format) [default: generated on first start in the
    /// data directory, e.g. ~/.local/share/maze-tui/ssh_host_ed25519_key]
    #[arg(long, value_name = "FILE")]
    pub host_key: Option<PathBuf>,
    /// Let in the public keys of this OpenSSH authorized_keys file (any user name)
    #[arg(long, value_name = "FILE")]
    pub authorized_keys: Option<PathBuf>,
    /// Let in the users of this file, one `user:$argon2id$...` line each (see
    /// --hash-password)
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
    /// Let anyone in, with any user name (a classroom on a private network)
    #[arg(long)]
    pub open: bool,
    /// Most sessions at once
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub max_sessions: usize,
    /// Most sessions at once from one address (school labs share one)
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub max_per_ip: usize,
    /// Largest maze of a session, in cells
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_cells: u64,
    /// Close a session after this many seconds without a key
    #[arg(long, value_name = "SECS", default_value_t = 1800)]
    pub idle_timeout: u64,
    /// Let sessions save mazes and pictures (w, x), each in its own folder here
    /// [default: saving is off]
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Present mode: every session follows the teacher's explorer, opened in this
    /// terminal (or in the session of --teacher-key); a student presses t to take over a
    /// copy, F to follow again
    #[arg(long)]
    pub present: bool,
    /// With --present: the teacher logs in over SSH with a key of this authorized_keys
    /// file, instead of using this terminal
    #[arg(long, value_name = "FILE", requires = "present")]
    pub teacher_key: Option<PathBuf>,
    /// Print the Argon2id hash of a password read from standard input, and exit
    #[arg(long)]
    pub hash_password: bool,
    /// Settings of every session's explorer.
    #[command(flatten)]
    pub tui: TuiArgs,
}

/// Run `maze-tui serve` (or, with `--hash-password`, print a hash to `out`).
///
/// # Errors
/// [`Error::Invalid`] for refused options and unreadable key or password files (exit 2),
/// as [`crate::serve::run`] otherwise.
pub fn serve(args: &ServeArgs, out: &mut impl Write) -> Result<(), Error> {
    if args.hash_password {
        let mut password = String::new();
        io::stdin()
            .read_line(&mut password)
            .map_err(|e| Error::Io(format!("cannot read the password: {e}")))?;
        let password = password.trim_end_matches(['\r', '\n']);
        if password.is_empty() {
            return Err(Error::Invalid("no password on standard input".to_owned()));
        }
        let hash = crate::serve::hash_password(password)?;
        return writeln!(out, "{hash}").map_err(|e| Error::Io(e.to_string()));
    }
    crate::serve::run(serve_options(args)?)
}

/// The server's [`Options`] from its command line: files read, sizes checked.
///
/// # Errors
/// As [`Access::read_keys`], [`Access::read_passwords`] and [`tui_config`];
/// [`Error::Invalid`] when a fixed maze size is over `--max-cells` or no host key path is
/// known.
pub fn serve_options(args: &ServeArgs) -> Result<Options, Error> {
    let access = Access {
        open: args.open,
        keys: args
            .authorized_keys
            .as_deref()
            .map(Access::read_keys)
            .transpose()?
            .unwrap_or_default(),
        passwords: args
            .password_file
            .as_deref()
            .map(Access::read_passwords)
            .transpose()?
            .unwrap_or_default(),
    };
    let base = tui_config(&args.tui, None)?;
    let cells = u64::from(base.width.unwrap_or(1)) * u64::from(base.height.unwrap_or(1));
    if cells > args.max_cells {
        return Err(Error::Invalid(format!(
            "--width × --height is {cells} cells, over --max-cells {}",
            args.max_cells
        )));
    }
    let host_key = match &args.host_key {
        Some(path) => path.clone(),
        None => crate::serve::default_host_key_path().ok_or_else(|| {
            Error::Invalid("no data directory is known: give --host-key FILE".to_owned())
        })?,
    };
    // The maze file is read once; each session gets its own seed unless one was given.
    let mut template = args.tui.clone();
    template.load = None;
    let grid = base.load;
    let config_for = move |env: &SessionEnv| {
        let mut args = template.clone();
        args.seed = args.seed.or_else(|| Some(rand::random()));
        if args.theme.is_none() && env.colorfgbg.as_deref().is_some_and(light_background) {
            args.theme = Some(ThemeName::Light);
        }
        let no_color = env.no_color.clone().map(std::ffi::OsString::from);
        let mut config = tui_config(&args, no_color).unwrap_or_default();
        config.load.clone_from(&grid);
        config
    };
    Ok(Options {
        listen: args.listen,
        host_key,
        access,
        max_sessions: args.max_sessions,
        max_per_ip: args.max_per_ip,
        max_cells: args.max_cells,
        idle_timeout: Duration::from_secs(args.idle_timeout.max(1)),
        stall_timeout: Duration::from_secs(30),
        save_dir: args.save_dir.clone(),
        config_for: Arc::new(config_for),
        present: match (&args.teacher_key, args.present) {
            (Some(file), _) => Some(Presenting::Keys(Access::read_keys(file)?)),
            (None, true) => Some(Presenting::Local),
            (None, false) => None,
        },
    })
}

/// Whether `COLORFGBG` (`"fg;bg"` or `"fg;default;bg"`, rxvt's convention) names a light
/// background: white or light grey (7, 15) or a bright colour (9–14).
fn light_background(colorfgbg: &str) -> bool {
    colorfgbg
        .rsplit(';')
        .next()
        .and_then(|bg| bg.trim().parse::<u8>().ok())
        .is_some_and(|bg| bg == 7 || (9..=15).contains(&bg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> ServeArgs {
        let cli = Cli::try_parse_from(["maze-tui", "serve"].iter().chain(args))
            .expect("valid command line");
        match cli.command {
            Some(Command::Serve(args)) => args,
            other => panic!("expected serve, got {other:?}"),
        }
    }

    #[test]
    fn defaults_are_the_documented_ones() {
        let args = parse(&["--host-key", "/nonexistent/key"]);
        let options = serve_options(&args).expect("valid");
        assert_eq!(options.listen.to_string(), "127.0.0.1:2222");
        assert_eq!(options.max_sessions, 40);
        assert_eq!(options.max_per_ip, 10);
        assert_eq!(options.max_cells, 1_000_000);
        assert_eq!(options.idle_timeout, Duration::from_secs(1800));
        assert!(options.save_dir.is_none());
        assert!(options.access.anyone());
        options
            .check()
            .expect("loopback may be served without auth");
    }

    #[test]
    fn a_public_address_needs_a_way_to_log_in() {
        let args = parse(&["--listen", "0.0.0.0:2222", "--host-key", "/x"]);
        let err = serve_options(&args)
            .expect("parsed")
            .check()
            .expect_err("refused");
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("--open"), "{err}");
        let args = parse(&["--listen", "0.0.0.0:2222", "--open", "--host-key", "/x"]);
        serve_options(&args)
            .expect("parsed")
            .check()
            .expect("open is a choice");
    }

    #[test]
    fn sessions_get_their_own_seed_and_colours() {
        let args = parse(&["--host-key", "/x", "--generator", "prim"]);
        let options = serve_options(&args).expect("valid");
        let plain = SessionEnv::default();
        let a = (options.config_for)(&plain);
        let b = (options.config_for)(&plain);
        assert_ne!(a.seed, b.seed, "each session its own maze");
        assert_eq!(a.generator, GeneratorKind::Prim);
        assert_eq!(a.color, ColorMode::Auto);
        let env = SessionEnv {
            no_color: Some("1".to_owned()),
            colorfgbg: Some("0;15".to_owned()),
            ..SessionEnv::default()
        };
        let c = (options.config_for)(&env);
        assert_eq!(c.color, ColorMode::Never);
        assert_eq!(c.theme, ThemeName::Light);
        let fixed = parse(&["--host-key", "/x", "--seed", "9"]);
        let options = serve_options(&fixed).expect("valid");
        assert_eq!((options.config_for)(&plain).seed, 9);
    }

    #[test]
    fn a_fixed_maze_over_the_cell_limit_is_refused() {
        let args = parse(&["--host-key", "/x", "--width", "2000", "--height", "1000"]);
        let err = serve_options(&args)
            .expect_err("too many cells")
            .to_string();
        assert!(err.contains("--max-cells"), "{err}");
        assert!(light_background("0;default;15") && !light_background("15;0"));
    }
}
