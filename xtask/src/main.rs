//! `cargo xtask ci | bench | package`: the project's automation, in Rust, with no
//! dependencies.
//!
//! - `ci`: fmt check, clippy `-D warnings` on all targets, every dependency used, the
//!   tests, `cargo doc` with warnings denied, the facade feature matrix (and proof that
//!   `decklet-uno` is absent without the `uno` feature), the facade's examples run and
//!   their output checked, packaging of every publishable crate, the CLI installed from
//!   the packages, the quick side-by-side bench and the Python package.
//! - `ci --quick`: the inner loop of daily work, a few minutes warm: fmt, clippy, every
//!   dependency used, the tests and the docs; no packaging, install, bench or Python.
//! - `bench [--games N] [--rounds R] [--quick] [--check]`: the criterion benches (not
//!   with `--quick`), then the side-by-side run of `decklet simulate` and the no-engine
//!   loop `benches/no-engine-uno` for 2, 4 and 6 players on one thread, `R` rounds
//!   (15 quick, 3 otherwise) of one run each per player count, taken in turn; `--check`
//!   fails if their actions per game disagree beyond sampling error (CI runs it quick,
//!   one round).
//! - `python`: the Python package built (maturin) and installed in a virtual
//!   environment under the target directory, and its tests run (pytest); `ci` runs it.
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

/// The target directory, found as cargo finds it (`CARGO_TARGET_DIR`, `build.target-dir`
/// in a config, or `target/`): `cargo metadata` says which.
fn target_dir() -> PathBuf {
    let mut cmd = cargo();
    cmd.args(["metadata", "--format-version", "1", "--no-deps"]);
    output(cmd)
        .ok()
        .and_then(|json| json_string(&json, "target_directory"))
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

/// The string value of `"key"` in a JSON text (the first one), unescaped.
fn json_string(json: &str, key: &str) -> Option<String> {
    let start = json.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let mut out = String::new();
    let mut chars = json.get(start..)?.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

fn cargo() -> Command {
    let mut cmd = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

/// Steps run so far (for `ci`'s summary line).
static STEPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn run(step: &str, mut cmd: Command) -> Result {
    STEPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    println!("\n==> {step}");
    let start = Instant::now();
    let status = cmd.status().map_err(|e| {
        format!(
            "{step}: cannot run {}: {e}",
            Path::new(cmd.get_program()).display()
        )
    })?;
    println!("<== {step}: {:.1}s", start.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("{step} failed ({status})"))
    }
}

fn output(mut cmd: Command) -> Result<String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {}: {e}", Path::new(cmd.get_program()).display()))?;
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

/// Tests that need something outside the workspace: ignored tests (`cargo test`
/// and nextest show them as ignored or skipped), which `tests` runs when what they
/// need is there, and says were skipped when not. Set `require` and a run without it
/// fails (CI sets both).
struct ServiceTests {
    /// What they test, for the messages.
    what: &'static str,
    /// A word in every one of their names (and in no other ignored test's).
    name: &'static str,
    /// Whether what they need is there.
    available: fn() -> bool,
    /// The variable that makes a run without it fail.
    require: &'static str,
    /// How to provide it.
    how: &'static str,
}

const SERVICE_TESTS: [ServiceTests; 2] = [
    ServiceTests {
        what: "the server on Postgres",
        name: "postgres",
        available: || env::var("DECKLET_TEST_POSTGRES").is_ok_and(|url| !url.is_empty()),
        require: "DECKLET_REQUIRE_POSTGRES",
        how: "export DECKLET_TEST_POSTGRES=$(.ci/postgres DIR)",
    },
    ServiceTests {
        what: "the browser table in Chromium",
        name: "browser",
        available: || {
            Command::new(env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into()))
                .arg("--version")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        },
        require: "DECKLET_REQUIRE_BROWSER",
        how: "apt-get install chromium chromium-driver",
    },
];

/// What `ci` skipped, for its summary line.
static SKIPPED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Runs every test: with cargo-nextest when it is installed (every test binary at once,
/// then the doctests, which nextest does not run), else `cargo test`. The same tests
/// either way; nextest saved 40 s of the 161 s the tests took to run here. Then the
/// ignored tests whose service is there ([`SERVICE_TESTS`]).
fn tests() -> Result {
    debug_tests()?;
    // a move the engine listed skips its rules in release builds alone: the engine's
    // tests run there too, so that path is tested as it ships
    run(
        "the engine's tests in a release build",
        cargo_args(&["test", "--release", "-p", "decklet-core", "--test", "core"]),
    )
}

/// The tests of [`tests`] in the default (debug) build.
fn debug_tests() -> Result {
    let nextest = cargo_args(&["nextest", "--version"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let mut names = Vec::new();
    for service in &SERVICE_TESTS {
        if (service.available)() {
            names.push(service.name);
        } else if env::var_os(service.require).is_some() {
            return Err(format!(
                "{} is set, but the tests of {} cannot run: {}",
                service.require, service.what, service.how
            ));
        } else {
            let note = format!("the tests of {} ({})", service.what, service.how);
            println!("\nskipped: {note}");
            SKIPPED.lock().map_err(|e| e.to_string())?.push(note);
        }
    }
    if !nextest {
        run(
            "test",
            cargo_args(&["test", "--workspace", "--all-features"]),
        )?;
        if names.is_empty() {
            return Ok(());
        }
        let mut cmd = cargo_args(&["test", "--workspace", "--all-features", "--", "--ignored"]);
        cmd.args(&names);
        return run(&format!("test the ignored: {}", names.join(", ")), cmd);
    }
    run(
        "test (cargo-nextest)",
        cargo_args(&["nextest", "run", "--workspace", "--all-features"]),
    )?;
    if !names.is_empty() {
        let filter: Vec<String> = names.iter().map(|n| format!("test(/{n}/)")).collect();
        run(
            &format!("test the ignored: {} (cargo-nextest)", names.join(", ")),
            cargo_args(&[
                "nextest",
                "run",
                "--workspace",
                "--all-features",
                "--run-ignored",
                "only",
                "-E",
                &filter.join(" | "),
            ]),
        )?;
    }
    run(
        "doctests",
        cargo_args(&["test", "--workspace", "--all-features", "--doc"]),
    )
}

/// Everything CI checks (`quick`: the inner loop's part), then one summary line:
/// steps, time, pass or fail.
fn ci(quick: bool) -> Result {
    let started = Instant::now();
    let result = ci_steps(quick);
    let steps = STEPS.load(std::sync::atomic::Ordering::Relaxed);
    let seconds = started.elapsed().as_secs_f64();
    let skipped = SKIPPED.lock().map(|s| s.join("; ")).unwrap_or_default();
    if !skipped.is_empty() {
        println!("\nxtask ci: SKIPPED {skipped}");
    }
    let but = match skipped.is_empty() {
        true => String::new(),
        false => " (some tests SKIPPED: see above)".to_string(),
    };
    match &result {
        Ok(()) => println!("\nxtask ci: PASSED, {steps} steps in {seconds:.0} s{but}"),
        Err(_) => println!("\nxtask ci: FAILED at step {steps} after {seconds:.0} s"),
    }
    result
}

fn ci_steps(quick: bool) -> Result {
    run("fmt", cargo_args(&["fmt", "--all", "--", "--check"]))?;
    unused_dependencies()?;
    layers()?;
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
    tests()?;
    let mut doc = cargo_args(&["doc", "--workspace", "--no-deps", "--all-features"]);
    doc.env("RUSTDOCFLAGS", "-D warnings");
    run("doc", doc)?;
    if quick {
        return Ok(());
    }
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
    run(
        "example uno-single-crates (UNO without the facade)",
        cargo_args(&["run", "-q", "-p", "uno-single-crates"]),
    )?;
    println!("\n==> uno-single-crates does not depend on the facade");
    let tree = output(cargo_args(&[
        "tree",
        "-p",
        "uno-single-crates",
        "-e",
        "normal",
    ]))?;
    if tree
        .lines()
        .any(|line| line.contains(" decklet v") || line.starts_with("decklet v"))
    {
        return Err(format!("uno-single-crates pulls in the facade:\n{tree}"));
    }
    let decklet = package()?;
    bench_with(
        &[
            "--quick".into(),
            "--games".into(),
            "4000".into(),
            "--rounds".into(),
            "1".into(),
            "--check".into(),
        ],
        Some(&decklet),
    )?;
    python(Some(&decklet))
}

/// Checks that every crate of the workspace uses each of its dependencies: a normal
/// dependency's name (as a Rust identifier) appears in the crate's `src/`, a
/// development dependency's in its `src/`, `tests/`, `benches/` or `examples/`.
fn unused_dependencies() -> Result {
    println!("\n==> every dependency is used");
    let manifest = read(&root().join("Cargo.toml"))?;
    let members = section(&manifest, "workspace")
        .and_then(|workspace| {
            let start = workspace.find("members")?;
            let list = workspace.get(start..)?;
            let end = list.find(']')?;
            list.get(..end)
        })
        .ok_or("no workspace members in Cargo.toml")?;
    let mut unused = Vec::new();
    for member in members.split('"').skip(1).step_by(2) {
        let dir = root().join(member);
        let toml = read(&dir.join("Cargo.toml"))?;
        let sources = |dirs: &[&str]| -> Result<String> {
            let mut text = String::new();
            for d in dirs {
                rust_sources(&dir.join(d), &mut text)?;
            }
            Ok(text)
        };
        let code = sources(&["src"])?;
        let dev_code = sources(&["src", "tests", "benches", "examples", "it"])?;
        for (table, code) in [("dependencies", &code), ("dev-dependencies", &dev_code)] {
            for name in dependency_names(section(&toml, table).unwrap_or_default()) {
                let ident = name.replace('-', "_");
                if !mentions(code, &ident) {
                    unused.push(format!("{member}: [{table}] {name}"));
                }
            }
        }
    }
    match unused.is_empty() {
        true => Ok(()),
        false => Err(format!(
            "dependencies that no code of their crate names:\n  {}",
            unused.join("\n  ")
        )),
    }
}

/// The layers of the crates, as `docs/ARCHITECTURE.md` draws them: each crate and the
/// crates of the repository it may depend on (`[dependencies]`; tests and examples may
/// use more). core ← plugins ← entry; core ← bots ← entry ← games ← catalogue ← tools.
/// No tool depends on a game crate, nor names one in its code ([`GAME_CRATES`]; the
/// CLI takes the facade for its core, bots and env, without their games): a game added
/// to the repository (Hearts) reaches the tools through the catalogue alone.
const LAYERS: [(&str, &[&str]); 16] = [
    ("decklet-core", &[]),
    ("decklet-plugins", &["decklet-core"]),
    ("decklet-bots", &["decklet-core"]),
    (
        "decklet-entry",
        &["decklet-core", "decklet-plugins", "decklet-bots"],
    ),
    (
        "decklet-uno",
        &[
            "decklet-core",
            "decklet-plugins",
            "decklet-bots",
            "decklet-entry",
        ],
    ),
    (
        "decklet-crazy-eights",
        &[
            "decklet-core",
            "decklet-plugins",
            "decklet-bots",
            "decklet-entry",
        ],
    ),
    (
        "decklet-hearts",
        &[
            "decklet-core",
            "decklet-plugins",
            "decklet-bots",
            "decklet-entry",
        ],
    ),
    (
        "decklet-kuhn",
        &["decklet-core", "decklet-bots", "decklet-entry"],
    ),
    (
        "decklet-leduc",
        &["decklet-core", "decklet-bots", "decklet-entry"],
    ),
    (
        "decklet-mini-uno",
        &["decklet-core", "decklet-bots", "decklet-entry"],
    ),
    (
        "decklet-catalog",
        &[
            "decklet-core",
            "decklet-bots",
            "decklet-entry",
            "decklet-uno",
            "decklet-crazy-eights",
            "decklet-hearts",
            "decklet-kuhn",
            "decklet-leduc",
            "decklet-mini-uno",
        ],
    ),
    (
        "decklet-env",
        &["decklet-core", "decklet-bots", "decklet-catalog"],
    ),
    (
        "decklet-server",
        &["decklet-core", "decklet-bots", "decklet-catalog"],
    ),
    ("decklet-py", &["decklet-env", "decklet-catalog"]),
    (
        "decklet-cli",
        &["decklet", "decklet-catalog", "decklet-server"],
    ),
    (
        "decklet",
        &[
            "decklet-core",
            "decklet-plugins",
            "decklet-uno",
            "decklet-bots",
            "decklet-crazy-eights",
            "decklet-hearts",
            "decklet-env",
        ],
    ),
];

/// The game crates, and the paths by which code names them (their own, and the
/// facade's modules).
const GAME_CRATES: [(&str, [&str; 2]); 6] = [
    ("decklet-uno", ["decklet_uno", "decklet::uno"]),
    (
        "decklet-crazy-eights",
        ["decklet_crazy_eights", "decklet::crazy_eights"],
    ),
    ("decklet-hearts", ["decklet_hearts", "decklet::hearts"]),
    ("decklet-kuhn", ["decklet_kuhn", "decklet::kuhn"]),
    ("decklet-leduc", ["decklet_leduc", "decklet::leduc"]),
    (
        "decklet-mini-uno",
        ["decklet_mini_uno", "decklet::mini_uno"],
    ),
];

/// Checks [`LAYERS`]: no crate depends on a crate of the repository its layer does not
/// allow, every crate under `crates/` has its layer, and a crate whose layer allows no
/// game (the tools, and everything below the games) names none in its code (`src/`,
/// doc comments included; its tests may).
fn layers() -> Result {
    println!("\n==> the crates' layers");
    let mut wrong = Vec::new();
    let dirs = std::fs::read_dir(root().join("crates"))
        .map_err(|e| format!("cannot read crates/: {e}"))?;
    for entry in dirs.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some((_, allowed)) = LAYERS.iter().find(|(krate, _)| *krate == name) else {
            wrong.push(format!(
                "{name}: a crate with no layer (add it to xtask's LAYERS)"
            ));
            continue;
        };
        let toml = read(&entry.path().join("Cargo.toml"))?;
        wrong.extend(layer_violations(&name, allowed, &toml));
        let gameless = !GAME_CRATES
            .iter()
            .any(|(game, _)| allowed.contains(game) || *game == name);
        if gameless {
            for file in rust_files(&entry.path().join("src"))? {
                let text = read(&file)?;
                wrong.extend(
                    games_named(&text)
                        .into_iter()
                        .map(|path| format!("{} names the game `{path}`", file.display())),
                );
            }
        }
    }
    match wrong.is_empty() {
        true => Ok(()),
        false => Err(format!(
            "crossing the layers (docs/ARCHITECTURE.md):\n  {}",
            wrong.join("\n  ")
        )),
    }
}

/// The `.rs` files under `dir`, at any depth, in a stable order.
fn rust_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The paths of game crates a source text names ([`GAME_CRATES`]), each once.
fn games_named(text: &str) -> Vec<&'static str> {
    let mut named: Vec<&'static str> = GAME_CRATES
        .iter()
        .flat_map(|(_, paths)| paths.iter().copied())
        .filter(|path| text.contains(path))
        .collect();
    named.dedup();
    named
}

/// The dependencies of crate `name` (its manifest `toml`) that its layer (`allowed`)
/// does not allow.
fn layer_violations(name: &str, allowed: &[&str], toml: &str) -> Vec<String> {
    dependency_names(section(toml, "dependencies").unwrap_or_default())
        .into_iter()
        .filter(|dep| dep.starts_with("decklet") && !allowed.contains(&dep.as_str()))
        .map(|dep| format!("{name} depends on {dep}"))
        .collect()
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The body of `[name]` in a TOML text (up to the next table).
fn section<'a>(toml: &'a str, name: &str) -> Option<&'a str> {
    let header = format!("\n[{name}]\n");
    let start = format!("\n{toml}").find(&header)? + header.len() - 1;
    let body = toml.get(start..)?;
    let end = body.find("\n[").map_or(body.len(), |e| e + 1);
    body.get(..end)
}

/// The dependency names of a `[dependencies]` body: `name = …` or `name.workspace = …`.
fn dependency_names(body: &str) -> Vec<String> {
    body.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            let key = line.split('=').next()?.trim();
            Some(key.split('.').next()?.trim().to_string())
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// Appends every `.rs` file under `dir` (if it exists) to `out`.
fn rust_sources(dir: &Path, out: &mut String) -> Result {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_sources(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&read(&path)?);
            out.push('\n');
        }
    }
    Ok(())
}

/// Whether `ident` appears in `code` as a whole identifier.
fn mentions(code: &str, ident: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(ident).any(|(at, _)| {
        let before = code.get(..at).and_then(|s| s.chars().next_back());
        let after = code.get(at + ident.len()..).and_then(|s| s.chars().next());
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The largest wheel the Python package may build to.
const MAX_WHEEL_BYTES: u64 = 5 * 1024 * 1024;

/// The Python package: a virtual environment under the target directory with the
/// pinned test requirements (`python/requirements-test.txt` and, for `decklet.ray`,
/// `python/requirements-ray.txt`; made once, reused), the wheel built by maturin
/// (profile `python`) and installed in it, its size checked, and pytest run on
/// `python/tests` (given `decklet`, the tests compare the distributed tournament with
/// that binary's), with the native module of a game of one's own
/// (`examples/high-card-py`) and the Whist example's (`examples/whist-py`, with its
/// command `whist-decklet`) built, installed beside it and their tests run too; the
/// examples the tests run (the Hearts duel against OpenSpiel, expert iteration's data
/// maker) built and named to them.
fn python(decklet: Option<&Path>) -> Result {
    let dir = target_dir().join("python");
    let venv = dir.join("venv");
    let bin = venv.join("bin");
    let python = bin.join("python");
    if !python.exists() {
        let interpreter = env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        let mut cmd = Command::new(&interpreter);
        cmd.args(["-m", "venv"]).arg(&venv);
        run(
            &format!("python: a virtual environment at {}", venv.display()),
            cmd,
        )?;
    }
    let requirements = root().join("python");
    let mut pip = Command::new(&python);
    pip.args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
        .arg("-r")
        .arg(requirements.join("requirements-test.txt"))
        .arg("-r")
        .arg(requirements.join("requirements-ray.txt"));
    run("python: test requirements", pip)?;
    let wheel = build_wheel(&python, &root(), &dir.join("wheels"), "the wheel")?;
    let size = std::fs::metadata(&wheel)
        .map_err(|e| format!("cannot read {}: {e}", wheel.display()))?
        .len();
    println!("    {} ({size} bytes)", wheel.display());
    if size > MAX_WHEEL_BYTES {
        return Err(format!(
            "the wheel {} is {size} bytes, more than {MAX_WHEEL_BYTES}",
            wheel.display()
        ));
    }
    install(&python, &wheel, "python: install the wheel")?;
    // a game of one's own: its native module (one function of its author's) built
    // against the bindings, installed beside the package (the Python page's example
    // plays it)
    let example = root().join("examples").join("high-card-py");
    let wheel = build_wheel(
        &python,
        &example,
        &dir.join("example-wheels"),
        "the wheel of examples/high-card-py",
    )?;
    install(&python, &wheel, "python: install examples/high-card-py")?;
    // the Whist example's module, and its command (whose tournament plays the policy
    // the Python tests learn)
    let whist = root().join("examples").join("whist-py");
    let wheel = build_wheel(
        &python,
        &whist,
        &dir.join("whist-wheels"),
        "the wheel of examples/whist-py",
    )?;
    install(&python, &wheel, "python: install examples/whist-py")?;
    let mut build = cargo();
    build.args(["build", "-p", "whist-cli", "--bin", "whist-decklet"]);
    run("python: build whist-decklet", build)?;
    let mut build = cargo();
    build.args(["build", "-p", "decklet-catalog", "--example", "hearts_duel"]);
    run("python: build the Hearts duel against OpenSpiel", build)?;
    let mut build = cargo();
    build.args(["build", "-p", "decklet-catalog", "--example", "expert_data"]);
    run("python: build expert iteration's data maker", build)?;
    let mut pytest = Command::new(&python);
    if let Some(decklet) = decklet {
        pytest.env("DECKLET_BIN", decklet);
    }
    pytest
        .env(
            "WHIST_DECKLET_BIN",
            target_dir().join("debug").join("whist-decklet"),
        )
        .env(
            "EXPERT_DATA_BIN",
            target_dir()
                .join("debug")
                .join("examples")
                .join("expert_data"),
        )
        .env(
            "HEARTS_DUEL_BIN",
            target_dir()
                .join("debug")
                .join("examples")
                .join("hearts_duel"),
        )
        .current_dir(&dir)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(root().join("python").join("tests"))
        .arg(example.join("tests"))
        .arg(whist.join("tests"));
    run(
        "python: pytest python/tests examples/high-card-py/tests examples/whist-py/tests",
        pytest,
    )
}

/// The wheel maturin builds (profile `python`) of the project in `project` (its
/// `pyproject.toml`), for `python`, into `out` (emptied first).
fn build_wheel(python: &Path, project: &Path, out: &Path, what: &str) -> Result<PathBuf> {
    if out.exists() {
        remove(out)?;
    }
    let maturin = python.with_file_name("maturin");
    let mut build = Command::new(maturin);
    build
        .current_dir(project)
        .args(["build", "--quiet", "--profile", "python", "--interpreter"])
        .arg(python)
        .arg("--out")
        .arg(out);
    run(&format!("python: maturin build ({what})"), build)?;
    std::fs::read_dir(out)
        .map_err(|e| format!("cannot read {}: {e}", out.display()))?
        .flatten()
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|ext| ext == "whl"))
        .ok_or_else(|| format!("maturin left no wheel in {}", out.display()))
}

/// Installs `wheel` in `python`'s environment, in place of any earlier build, without
/// its dependencies (they are the test requirements and this repository's package).
fn install(python: &Path, wheel: &Path, what: &str) -> Result {
    let mut install = Command::new(python);
    install
        .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
        .args(["--force-reinstall", "--no-deps"])
        .arg(wheel);
    run(what, install)
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
const CRATES: [&str; 16] = [
    "decklet-core",
    "decklet-plugins",
    "decklet-bots",
    "decklet-entry",
    "decklet-uno",
    "decklet-crazy-eights",
    "decklet-hearts",
    "decklet-kuhn",
    "decklet-leduc",
    "decklet-mini-uno",
    "decklet-catalog",
    "decklet-env",
    "decklet-py",
    "decklet",
    "decklet-server",
    "decklet-cli",
];

/// Packages every publishable crate (`cargo package --no-verify`), unpacks the packages
/// under `target/packaging/check`, and installs `decklet` from them alone (see
/// [`install_from_package`]): a package that lacks a file it needs fails there. Returns
/// the installed binary.
fn package() -> Result<PathBuf> {
    let packaging = target_dir().join("packaging");
    if packaging.exists() {
        remove(&packaging)?;
    }
    let target = packaging.join("target").to_string_lossy().into_owned();
    let mut args = vec![
        "package",
        "--allow-dirty",
        "--no-verify",
        "--target-dir",
        &target,
    ];
    for krate in CRATES {
        args.extend(["-p", krate]);
    }
    run("package every publishable crate", cargo_args(&args))?;
    let unpacked = unpack(&packaging)?;
    fence_packages(&packaging, &unpacked)?;
    // the install builds decklet-cli from the packages alone, and with it every
    // package (the CLI depends on the facade with every feature but `proptest`): a
    // separate build of the packages was the same work twice
    install_from_package(&packaging, &unpacked)
}

/// Unpacks each crate's package into `packaging/check/<name>-<version>`; returns the
/// directories, in `CRATES`' order.
fn unpack(packaging: &Path) -> Result<Vec<PathBuf>> {
    let crates = packaging.join("target").join("package");
    let check = packaging.join("check");
    std::fs::create_dir_all(&check)
        .map_err(|e| format!("cannot create {}: {e}", check.display()))?;
    let mut dirs = Vec::new();
    for krate in CRATES {
        let file = std::fs::read_dir(&crates)
            .map_err(|e| format!("cannot read {}: {e}", crates.display()))?
            .flatten()
            .map(|entry| entry.path())
            .find(|path| {
                path.extension().is_some_and(|ext| ext == "crate")
                    && path
                        .file_stem()
                        .is_some_and(|stem| is_package_of(&stem.to_string_lossy(), krate))
            })
            .ok_or_else(|| format!("no package of {krate} in {}", crates.display()))?;
        let mut tar = Command::new("tar");
        tar.arg("-xzf").arg(&file).arg("-C").arg(&check);
        let status = tar
            .status()
            .map_err(|e| format!("cannot run tar on {}: {e}", file.display()))?;
        if !status.success() {
            return Err(format!("tar could not unpack {}", file.display()));
        }
        let name = file
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default();
        dirs.push(check.join(name));
    }
    Ok(dirs)
}

/// Makes the unpacked packages a workspace of their own, each sibling patched to its
/// package (no path outside them): cargo then builds them apart from the repository's
/// workspace, which holds `target/`.
fn fence_packages(packaging: &Path, unpacked: &[PathBuf]) -> Result {
    let check = packaging.join("check");
    let mut manifest = String::from("[workspace]\nresolver = \"3\"\nmembers = [\n");
    for dir in unpacked {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        manifest.push_str(&format!("    {name:?},\n"));
    }
    manifest.push_str("]\n\n[patch.crates-io]\n");
    for (krate, dir) in CRATES.iter().zip(unpacked) {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        manifest.push_str(&format!("{krate} = {{ path = {name:?} }}\n"));
    }
    let path = check.join("Cargo.toml");
    std::fs::write(&path, manifest).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The profile `cargo install decklet-cli` must be given to build what we measure (the
/// workspace's release profile does not travel with a package): the command documented
/// in `crates/decklet-cli/README.md` passes these.
const INSTALL_CONFIG: [&str; 4] = [
    "profile.release.lto=\"fat\"",
    "profile.release.codegen-units=1",
    "profile.release.panic=\"abort\"",
    "profile.release.package.libsqlite3-sys.opt-level=1",
];

/// Installs `decklet` from the packaged `decklet-cli` (its sibling crates from their
/// packages too) with the documented command, checks that rustc was given fat LTO,
/// one codegen unit and `panic=abort`, and returns the installed binary.
fn install_from_package(packaging: &Path, unpacked: &[PathBuf]) -> Result<PathBuf> {
    let package_of = |krate: &str| -> Result<PathBuf> {
        CRATES
            .iter()
            .zip(unpacked)
            .find(|(name, _)| **name == krate)
            .map(|(_, dir)| dir.clone())
            .ok_or_else(|| format!("no unpacked package of {krate}"))
    };
    let root = packaging.join("install");
    let mut cmd = cargo();
    // with the server, so that its package (assets, migrations) is proven whole too
    cmd.args(["install", "-v", "--force", "--features", "server", "--path"])
        .arg(package_of("decklet-cli")?)
        .arg("--root")
        .arg(&root)
        .arg("--target-dir")
        .arg(packaging.join("install-target"));
    for config in INSTALL_CONFIG {
        cmd.args(["--config", config]);
    }
    // the CLI's sibling crates (every publishable crate but the CLI) from their packages
    for krate in CRATES.iter().filter(|krate| **krate != "decklet-cli") {
        let path = package_of(krate)?;
        cmd.arg("--config").arg(format!(
            "patch.crates-io.{krate}.path={:?}",
            path.to_string_lossy()
        ));
    }
    println!("\n==> install decklet from the packaged decklet-cli");
    STEPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let start = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run cargo install: {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    println!("<== install: {:.1}s", start.elapsed().as_secs_f64());
    if !out.status.success() {
        return Err(format!("cargo install from the package failed:\n{log}"));
    }
    let binary = log
        .lines()
        .find(|line| line.contains("--crate-name decklet ") && line.contains("--crate-type bin"))
        .ok_or("cargo install -v did not show the binary's rustc command")?;
    for flag in ["-C lto", "-C codegen-units=1", "-C panic=abort"] {
        if !binary.contains(flag) {
            return Err(format!(
                "the installed binary was built without `{flag}`:\n{binary}"
            ));
        }
    }
    println!("    built with fat LTO, one codegen unit and panic=abort");
    let installed = root.join("bin").join("decklet");
    let size = std::fs::metadata(&installed)
        .map_err(|e| format!("cannot read {}: {e}", installed.display()))?
        .len();
    println!("    {} is {size} bytes", installed.display());
    if size > MAX_BINARY_BYTES {
        return Err(format!(
            "the installed decklet is {size} bytes, more than {MAX_BINARY_BYTES} (debug info?)"
        ));
    }
    Ok(installed)
}

/// The largest `decklet` binary users may be given (it was 17 MB with debug info, 8.0 MiB
/// without).
const MAX_BINARY_BYTES: u64 = 10 * 1024 * 1024;

/// Whether a registry entry (`decklet-core-0.2.0`, `decklet-core-0.2.0.crate`) is a
/// package of `krate`.
fn is_package_of(name: &str, krate: &str) -> bool {
    name.strip_prefix(krate)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|version| version.starts_with(|c: char| c.is_ascii_digit()))
}

fn remove(path: &Path) -> Result {
    let removed = if path.is_dir() {
        std::fs::remove_dir_all(path)
    } else {
        std::fs::remove_file(path)
    };
    removed.map_err(|e| format!("cannot remove {}: {e}", path.display()))
}

/// The number after `key` on the line that starts with it (`games/sec: 12345`).
fn field(text: &str, key: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(key))
        .and_then(|rest| rest.trim().parse().ok())
}

fn json_number(text: &str, key: &str) -> Option<f64> {
    let at = text.find(&format!("\"{key}\""))?;
    let rest = &text[at + key.len() + 2..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let end = rest.find([',', '\n', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

/// The side-by-side run: decklet's `simulate` on one thread against the no-engine
/// loop (`benches/no-engine-uno`), same seed, same policy, same counting, for 2, 4 and 6
/// players. Each of `--rounds` rounds runs both, one after the other, for each player
/// count in turn, so that both sides and all counts meet the same moments of a shared
/// machine; the table shows each side's best round
/// (the run least slowed by others) and their ratio, and the lowest and highest ratio
/// of a single round. With `--check`, fails unless both play the same number of
/// actions per game within sampling error (four standard errors of the difference of
/// the two means).
fn bench(args: &[String]) -> Result {
    bench_with(args, None)
}

/// [`bench()`], with `decklet` already built (the one installed from the packages, in
/// `ci`); without, `target/release/decklet` is built.
fn bench_with(args: &[String], decklet: Option<&Path>) -> Result {
    let quick = args.iter().any(|a| a == "--quick");
    let check = args.iter().any(|a| a == "--check");
    let number = |name: &str| {
        args.windows(2)
            .find(|w| w[0] == name)
            .and_then(|w| w[1].parse::<u64>().ok())
    };
    let games = number("--games").unwrap_or(if quick { 20_000 } else { 200_000 });
    let rounds = number("--rounds")
        .unwrap_or(if quick { 15 } else { 3 })
        .max(1);
    if !quick {
        run("criterion benches", cargo_args(&["bench", "--workspace"]))?;
    }
    let built = target_dir().join("release").join("decklet");
    let decklet = match decklet {
        Some(path) => {
            run(
                "build the no-engine loop (release)",
                cargo_args(&["build", "--release", "-p", "no-engine-uno"]),
            )?;
            path.to_path_buf()
        }
        None => {
            run(
                "build decklet and the no-engine loop (release)",
                cargo_args(&[
                    "build",
                    "--release",
                    "-p",
                    "decklet-cli",
                    "-p",
                    "no-engine-uno",
                ]),
            )?;
            built
        }
    };
    println!("    decklet: {}", decklet.display());
    println!(
        "\n{games} games a run, {rounds} round(s); best games/s of each side, their ratio, and the range of one round's ratio"
    );
    println!(
        "\n| players | no-engine games/s | decklet games/s | ratio | ratio range | no-engine ns/action | decklet ns/action | no-engine actions/game | decklet actions/game | agree |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut disagreements = Vec::new();
    // the rounds go round the player counts, so that a busy minute of the machine falls
    // on all of them alike rather than on one
    const PLAYERS: [u32; 3] = [2, 4, 6];
    let mut results = PLAYERS.map(|_| Rounds::default());
    for _ in 0..rounds {
        for (players, result) in PLAYERS.iter().zip(results.iter_mut()) {
            let (bare, ours) = side_by_side(&decklet, *players, games)?;
            result.add(bare, ours);
        }
    }
    for (players, Rounds { best, low, high }) in PLAYERS.into_iter().zip(results) {
        let Some((bare, ours)) = best else {
            continue;
        };
        let ratio = ours.games_per_second / bare.games_per_second.max(f64::MIN_POSITIVE);
        // both means come from `games` games of (nearly) the same spread
        let tolerance = 4.0 * bare.actions_sd * (2.0 / games.max(1) as f64).sqrt();
        let agree = (ours.actions_per_game - bare.actions_per_game).abs() <= tolerance;
        if !agree {
            disagreements.push(format!(
                "{players} players: {:.2} against {:.2} actions/game (tolerance {tolerance:.2})",
                ours.actions_per_game, bare.actions_per_game
            ));
        }
        println!(
            "| {players} | {:.0} | {:.0} | {ratio:.3} | {low:.3} to {high:.3} | {:.1} | {:.1} | {:.2} | {:.2} | {} |",
            bare.games_per_second,
            ours.games_per_second,
            bare.ns_per_action,
            ours.ns_per_action,
            bare.actions_per_game,
            ours.actions_per_game,
            if agree { "yes" } else { "NO" }
        );
    }
    if check && !disagreements.is_empty() {
        return Err(format!(
            "decklet and the no-engine loop play different games:\n{}",
            disagreements.join("\n")
        ));
    }
    Ok(())
}

/// The rounds of one player count: each side's best run, and the lowest and highest
/// ratio of one round.
#[derive(Clone, Copy)]
struct Rounds {
    best: Option<(Side, Side)>,
    low: f64,
    high: f64,
}

impl Default for Rounds {
    fn default() -> Self {
        Rounds {
            best: None,
            low: f64::INFINITY,
            high: 0.0,
        }
    }
}

impl Rounds {
    /// Adds a round: the no-engine side's run and decklet's.
    fn add(&mut self, bare: Side, ours: Side) {
        let ratio = ours.games_per_second / bare.games_per_second.max(f64::MIN_POSITIVE);
        (self.low, self.high) = (self.low.min(ratio), self.high.max(ratio));
        self.best = Some(match self.best {
            None => (bare, ours),
            Some((b, o)) => (b.faster(bare), o.faster(ours)),
        });
    }
}

/// One side's run of the side-by-side bench.
#[derive(Clone, Copy)]
struct Side {
    games_per_second: f64,
    ns_per_action: f64,
    actions_per_game: f64,
    /// The spread of actions per game (the no-engine loop reports it).
    actions_sd: f64,
}

impl Side {
    /// The faster of two runs of the same games.
    fn faster(self, other: Side) -> Side {
        match other.games_per_second > self.games_per_second {
            true => other,
            false => self,
        }
    }
}

/// Runs the no-engine loop, then `decklet simulate`, on the same `games` games.
fn side_by_side(decklet: &Path, players: u32, games: u64) -> Result<(Side, Side)> {
    let p = players.to_string();
    let g = games.to_string();
    let mut cmd = Command::new(target_dir().join("release").join("no-engine-uno"));
    cmd.args(["--games", &g, "--players", &p, "--seed", "1"]);
    let out = output(cmd)?;
    let bare = Side {
        games_per_second: field(&out, "games/sec:").unwrap_or(0.0),
        ns_per_action: field(&out, "ns/action:").unwrap_or(0.0),
        actions_per_game: field(&out, "actions/game:").unwrap_or(0.0),
        actions_sd: field(&out, "actions/game sd:").unwrap_or(0.0),
    };
    let mut cmd = Command::new(decklet);
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
    let out = output(cmd)?;
    // UNO's own count of actions (`counts.actions`), as the no-engine loop counts them
    let actions = json_number(&out, "actions").unwrap_or(0.0);
    let seconds = json_number(&out, "wallSeconds").unwrap_or(0.0);
    let ours = Side {
        games_per_second: json_number(&out, "gamesPerSecond").unwrap_or(0.0),
        ns_per_action: match actions > 0.0 {
            true => 1e9 * seconds / actions,
            false => 0.0,
        },
        actions_per_game: actions / games.max(1) as f64,
        actions_sd: 0.0,
    };
    Ok((bare, ours))
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => match args.get(1).map(String::as_str) {
            None => ci(false),
            Some("--quick") => ci(true),
            Some(other) => Err(format!("ci takes --quick or nothing, not `{other}`")),
        },
        Some("bench") => bench(&args[1..]),
        Some("package") => package().map(|_| ()),
        Some("python") => python(None),
        Some("layers") => layers(),
        _ => Err(
            "usage: cargo xtask ci [--quick] | bench [--games N] [--rounds R] [--quick] [--check] | python | package | layers"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod layer_tests {
    use super::*;

    #[test]
    fn a_tool_that_depends_on_a_game_past_the_catalogue_is_refused() {
        let (_, allowed) = LAYERS
            .iter()
            .find(|(name, _)| *name == "decklet-server")
            .unwrap();
        let toml = "[package]\nname = \"decklet-server\"\n\n[dependencies]\ndecklet-catalog.workspace = true\ndecklet-hearts.workspace = true\n\n[dev-dependencies]\ndecklet-crazy-eights.workspace = true\n";
        assert_eq!(
            layer_violations("decklet-server", allowed, toml),
            ["decklet-server depends on decklet-hearts"]
        );
    }

    #[test]
    fn a_game_named_in_code_is_found_by_either_path() {
        assert_eq!(
            games_named("use decklet_hearts::HeartsDef;"),
            ["decklet_hearts"]
        );
        assert_eq!(
            games_named("/// see `decklet::uno::uno_game`"),
            ["decklet::uno"]
        );
        assert!(games_named("use decklet_catalog::Catalog; // UNO, Hearts").is_empty());
    }

    #[test]
    fn the_repository_keeps_its_layers() {
        assert_eq!(layers(), Ok(()));
    }
}

#[cfg(test)]
mod target_dir_tests {
    use super::*;

    #[test]
    fn the_target_directory_is_read_from_cargo_metadata() {
        let json = r#"{"packages":[],"target_directory":"build/a \"b\"\\c","version":1}"#;
        assert_eq!(
            json_string(json, "target_directory").as_deref(),
            Some("build/a \"b\"\\c")
        );
        assert_eq!(json_string(json, "workspace_root"), None);
        // and cargo's answer is a directory path, here or where CARGO_TARGET_DIR says
        let dir = target_dir();
        assert!(dir.is_absolute(), "{}", dir.display());
    }
}

#[cfg(test)]
mod unused_dependency_tests {
    use super::*;

    #[test]
    fn a_dependency_counts_as_used_when_its_name_appears_whole() {
        assert!(mentions("use serde_json::Value;", "serde_json"));
        assert!(!mentions("use serde_json::Value;", "serde"));
        assert!(mentions("#[derive(serde::Serialize)]", "serde"));
        let toml = "[package]\nname = \"x\"\n\n[dependencies]\nserde.workspace = true\n# a comment\nclap = { version = \"4\" }\n\n[dev-dependencies]\nproptest = \"1\"\n";
        let deps = section(toml, "dependencies").unwrap();
        assert_eq!(dependency_names(deps), ["serde", "clap"]);
        assert_eq!(
            dependency_names(section(toml, "dev-dependencies").unwrap()),
            ["proptest"]
        );
        assert_eq!(section(toml, "features"), None);
    }

    #[test]
    fn every_crate_of_the_workspace_uses_its_dependencies() {
        unused_dependencies().unwrap();
    }
}
