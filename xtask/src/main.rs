//! `cargo xtask ci | bench | package`: the project's automation, in Rust, with no
//! dependencies.
//!
//! - `ci`: fmt check, clippy `-D warnings` on all targets, the tests, `cargo doc` with
//!   warnings denied, the facade feature matrix (and proof that `decklet-uno` is absent
//!   without the `uno` feature), the facade's examples run and their output checked, and
//!   packaging of every publishable crate.
//! - `bench [--games N] [--quick]`: the criterion benches, then the side-by-side
//!   comparison with `../shared/reference/bare-uno` (built outside the workspace) for 2,
//!   4 and 6 players on one thread.
//! - `package`: `cargo package` for every publishable crate, in dependency order.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

type Result<T = ()> = std::result::Result<T, String>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

fn cargo() -> Command {
    let mut cmd = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

fn run(step: &str, mut cmd: Command) -> Result {
    println!("\n==> {step}");
    let start = Instant::now();
    let status = cmd
        .status()
        .map_err(|e| format!("{step}: cannot run: {e}"))?;
    println!("<== {step}: {:.1}s", start.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("{step} failed ({status})"))
    }
}

fn output(mut cmd: Command) -> Result<String> {
    let out = cmd.output().map_err(|e| format!("cannot run: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn cargo_args(args: &[&str]) -> Command {
    let mut cmd = cargo();
    cmd.args(args);
    cmd
}

fn ci() -> Result {
    run("fmt", cargo_args(&["fmt", "--all", "--", "--check"]))?;
    run(
        "clippy",
        cargo_args(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--all-features",
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    run(
        "test",
        cargo_args(&["test", "--workspace", "--all-features"]),
    )?;
    let mut doc = cargo_args(&["doc", "--workspace", "--no-deps", "--all-features"]);
    doc.env("RUSTDOCFLAGS", "-D warnings");
    run("doc", doc)?;
    for features in [
        &["--no-default-features"][..],
        &["--no-default-features", "--features", "plugins"],
        &["--no-default-features", "--features", "uno"],
    ] {
        let mut args = vec!["check", "-p", "decklet"];
        args.extend_from_slice(features);
        run(
            &format!("check decklet {}", features.join(" ")),
            cargo_args(&args),
        )?;
    }
    println!("\n==> decklet without `uno` does not depend on decklet-uno");
    let tree = output(cargo_args(&[
        "tree",
        "-p",
        "decklet",
        "--no-default-features",
        "-e",
        "normal",
    ]))?;
    if tree.contains("decklet-uno") || tree.contains("decklet-plugins") {
        return Err(format!(
            "decklet --no-default-features pulls in more than core:\n{tree}"
        ));
    }
    examples()?;
    println!("\n==> high-card (a user crate on core + plugins) does not depend on decklet-uno");
    let tree = output(cargo_args(&["tree", "-p", "high-card", "-e", "normal"]))?;
    if tree.contains("decklet-uno") {
        return Err(format!("high-card pulls in decklet-uno:\n{tree}"));
    }
    package()
}

/// Runs the facade's examples (the README's and the reference pages') and checks that
/// each prints exactly its recorded output, `tests/golden/examples/<name>.txt`.
fn examples() -> Result {
    for example in ["quick_start", "uno_plugin", "uno_effects", "standard_deck"] {
        println!("\n==> example {example}");
        let out = output(cargo_args(&[
            "run",
            "-q",
            "-p",
            "decklet",
            "--example",
            example,
        ]))?;
        print!("{out}");
        let golden = root()
            .join("tests/golden/examples")
            .join(format!("{example}.txt"));
        let expected = std::fs::read_to_string(&golden)
            .map_err(|e| format!("cannot read {}: {e}", golden.display()))?;
        if out != expected {
            return Err(format!(
                "example {example} printed something else than {}:\n{expected}",
                golden.display()
            ));
        }
    }
    Ok(())
}

/// Publishable crates in dependency order.
const CRATES: [&str; 5] = [
    "decklet-core",
    "decklet-plugins",
    "decklet-uno",
    "decklet",
    "decklet-cli",
];

/// Cargo verifies sibling packages through a local registry whose unpacked sources it
/// caches in `$CARGO_HOME/registry/src/-<hash>/<crate>-<version>`, keyed by the
/// project's path; it does not unpack a crate of the same version again, so a second
/// `package` from the same checkout could build against the first one's sources. Those
/// local registries (the directories whose name starts with `-`) are cargo's scratch
/// space: our crates' entries in them are removed before packaging.
fn forget_earlier_packages() -> Result {
    let home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let Some(home) = home else {
        return Ok(());
    };
    for kind in ["src", "cache"] {
        let Ok(registries) = std::fs::read_dir(home.join("registry").join(kind)) else {
            continue;
        };
        for registry in registries.flatten() {
            if !registry.file_name().to_string_lossy().starts_with('-') {
                continue; // a real registry (crates.io): never touched
            }
            let Ok(entries) = std::fs::read_dir(registry.path()) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let ours = CRATES.iter().any(|krate| {
                    name.strip_prefix(krate)
                        .and_then(|rest| rest.strip_prefix('-'))
                        .is_some_and(|version| version.starts_with(|c: char| c.is_ascii_digit()))
                });
                if ours {
                    let path = entry.path();
                    let removed = if path.is_dir() {
                        std::fs::remove_dir_all(&path)
                    } else {
                        std::fs::remove_file(&path)
                    };
                    removed.map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
                }
            }
        }
    }
    Ok(())
}

fn package() -> Result {
    forget_earlier_packages()?;
    // the verification builds of an earlier run too: cargo takes a registry crate of the
    // same version as unchanged and would link its old build. They get a target
    // directory of their own, emptied first.
    let target = root().join("target").join("packaging");
    if target.exists() {
        std::fs::remove_dir_all(&target)
            .map_err(|e| format!("cannot remove {}: {e}", target.display()))?;
    }
    let target = target.to_string_lossy().into_owned();
    // verified: each crate is built again from its packaged files alone, with its
    // sibling crates taken from the packages just made
    let mut args = vec!["package", "--allow-dirty", "--target-dir", &target];
    for krate in CRATES {
        args.extend(["-p", krate]);
    }
    run("package", cargo_args(&args))
}

fn field(text: &str, key: &str) -> Option<f64> {
    text.lines().find_map(|line| {
        let mut parts = line.split_whitespace();
        (parts.next() == Some(key))
            .then(|| parts.next().and_then(|v| v.parse().ok()))
            .flatten()
    })
}

fn json_number(text: &str, key: &str) -> Option<f64> {
    let at = text.find(&format!("\"{key}\""))?;
    let rest = &text[at + key.len() + 2..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let end = rest.find([',', '\n', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

fn bench(args: &[String]) -> Result {
    let quick = args.iter().any(|a| a == "--quick");
    let games: u64 = args
        .windows(2)
        .find(|w| w[0] == "--games")
        .and_then(|w| w[1].parse().ok())
        .unwrap_or(if quick { 20_000 } else { 200_000 });
    if !quick {
        run("criterion benches", cargo_args(&["bench", "--workspace"]))?;
    }
    let reference = root().join("../shared/reference/bare-uno");
    let manifest = reference.join("Cargo.toml");
    if !manifest.exists() {
        return Err(format!("bare-uno not found at {}", reference.display()));
    }
    let target = env::temp_dir().join("decklet-bare-uno-target");
    let mut build = cargo();
    build
        .args(["build", "--release", "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target);
    run("build bare-uno (outside the workspace)", build)?;
    run(
        "build decklet (release)",
        cargo_args(&["build", "--release", "-p", "decklet-cli"]),
    )?;
    let bare = target.join("release/bare-uno");
    let ours = root().join("target/release/decklet");
    println!(
        "\n| players | bare-uno games/s | decklet games/s | ratio | bare ns/action | decklet ns/action | bare actions/game | decklet actions/game |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for players in [2, 4, 6] {
        let p = players.to_string();
        let g = games.to_string();
        let mut cmd = Command::new(&bare);
        cmd.args(["--games", &g, "--players", &p, "--seed", "1"]);
        let bare_out = output(cmd)?;
        let mut cmd = Command::new(&ours);
        cmd.args([
            "simulate",
            "--games",
            &g,
            "--players",
            &p,
            "--seed",
            "1",
            "--threads",
            "1",
            "--json",
        ]);
        let ours_out = output(cmd)?;
        let b_gps = field(&bare_out, "games/sec").unwrap_or(0.0);
        let b_ns = field(&bare_out, "ns/action").unwrap_or(0.0);
        let b_apg = field(&bare_out, "actions/game").unwrap_or(0.0);
        let o_gps = json_number(&ours_out, "gamesPerSecond").unwrap_or(0.0);
        let o_aps = json_number(&ours_out, "actionsPerSecond").unwrap_or(0.0);
        let o_actions = json_number(&ours_out, "actions").unwrap_or(0.0);
        let o_ns = if o_aps > 0.0 { 1e9 / o_aps } else { 0.0 };
        let ratio = if b_gps > 0.0 {
            o_gps / b_gps * 100.0
        } else {
            0.0
        };
        println!(
            "| {players} | {b_gps:.0} | {o_gps:.0} | {ratio:.1}% | {b_ns:.1} | {o_ns:.1} | {b_apg:.1} | {:.1} |",
            o_actions / games as f64
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("bench") => bench(&args[1..]),
        Some("package") => package(),
        _ => Err("usage: cargo xtask ci | bench [--games N] [--quick] | package".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
