//! The pages a user reads stay true to the code and to the repository.
//!
//! A Rust block in a page may be marked as a copy of a file of the repository:
//! `<!-- is: PATH -->` (the block is the file, its leading `//!` lines left out) or
//! `<!-- begins with: PATH -->` (the block starts with it). The pages' blocks are
//! compiled and run as doctests of this crate's library; this test keeps the copies
//! equal to the crates that CI builds and tests on their own.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Every Markdown page of the repository (not under `target/`).
fn pages() -> Vec<PathBuf> {
    let mut pages = Vec::new();
    let mut dirs = vec![root()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            // the facade's `guide/` links to the pages: each is read once, where it is
            if entry.file_type().is_ok_and(|t| t.is_symlink()) {
                continue;
            }
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    dirs.push(path);
                }
            } else if name.ends_with(".md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// A file's text without its leading `//!` lines.
fn code_of(path: &str) -> String {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let lines: Vec<&str> = text.lines().skip_while(|l| l.starts_with("//!")).collect();
    lines.join("\n").trim_matches('\n').to_owned()
}

#[test]
fn marked_blocks_are_the_files_they_name() {
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let Some(mark) = line
                .strip_prefix("<!-- ")
                .and_then(|l| l.strip_suffix(" -->"))
            else {
                continue;
            };
            let (whole, path) = match (
                mark.strip_prefix("is: "),
                mark.strip_prefix("begins with: "),
            ) {
                (Some(path), _) => (true, path),
                (_, Some(path)) => (false, path),
                _ => continue,
            };
            // `rust,ignore`: a file compiled and run as what it is (a test file), not as
            // a doctest
            assert!(
                matches!(lines.next(), Some("```rust" | "```rust,ignore")),
                "{}: {mark}",
                page.display()
            );
            let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            let block = block.join("\n");
            let file = code_of(path);
            let same = if whole {
                block == file
            } else {
                block.starts_with(&file)
            };
            assert!(
                same,
                "{}: the block marked `{mark}` is not {path}",
                page.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} marked blocks");
}

/// The facade's documentation shows every page of `docs/` as a module of `guide`: each
/// page has its link in `crates/decklet/guide/` (which the package carries as a file)
/// and its module in the facade's source; nothing else is there.
#[test]
fn every_page_is_a_guide_of_the_facade_s_documentation() {
    let names = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .collect();
        names.sort();
        names
    };
    let docs = root().join("docs");
    let guide = root().join("crates/decklet/guide");
    assert_eq!(names(&guide), names(&docs));
    let lib = std::fs::read_to_string(root().join("crates/decklet/src/lib.rs")).unwrap();
    for name in names(&docs) {
        let linked = guide.join(&name);
        assert!(
            std::fs::symlink_metadata(&linked)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{} is a copy, not a link to docs/{name}",
            linked.display()
        );
        assert_eq!(
            std::fs::read_to_string(&linked).unwrap(),
            std::fs::read_to_string(docs.join(&name)).unwrap()
        );
        let module = format!("#[doc = include_str!(\"../guide/{name}\")]");
        assert!(
            lib.contains(&module),
            "the facade has no guide module for {name}"
        );
    }
}

#[test]
fn pages_and_sources_point_at_nothing_outside_the_repository() {
    let outside = [
        concat!("../", "shared"),
        concat!("DESIGN", ".md"),
        concat!("seed ", "page"),
        concat!("design ", "contract"),
        concat!("bare", "-uno"),
    ];
    let mut files = pages();
    let mut dirs: Vec<PathBuf> = ["crates", "xtask", "benches", "examples", "fuzz", ".ci"]
        .iter()
        .map(|d| root().join(d))
        .collect();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if entry.file_name() != "target" {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs" || e == "toml") {
                files.push(path);
            }
        }
    }
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for word in outside {
            assert!(
                !text.contains(word),
                "{} mentions `{word}`, which a user of the repository does not have",
                file.display()
            );
        }
    }
}
