//! The traceability matrix `docs/coverage.md` (issues 4 and 5: every rule of seeds 000, 002
//! and 004 and of rulebook sections 6, 7 and 8.9 named with the tests that assert it) is
//! checked here: each cited `file.rs::test_name` must be a `fn` in `tests/rules/file.rs`, a
//! `covered` row must cite a test that is not `#[ignore]`d, a `no rule` row cites none, and
//! every other row is a listed `gap`. Issue 21's sections must hold a row for every
//! Treasure card, every Spell card, and every character's two Special Advantages and
//! starting items.

use std::collections::BTreeMap;
use std::path::Path;

/// The three statuses a row may have.
const COVERED: &str = "covered";
const NO_RULE: &str = "no rule";
const GAP: &str = "gap";

/// What the checker knows of one test file: each test function and whether it is ignored.
type TestFile = BTreeMap<String, bool>;

/// The `fn` names of a Rust source and, for each, whether an `#[ignore` attribute sits in
/// the attributes and doc comments right above it.
fn functions(source: &str) -> TestFile {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = TestFile::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("fn ").or_else(|| t.strip_prefix("pub fn ")) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let ignored = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim())
            .take_while(|l| l.starts_with("#[") || l.starts_with("///") || l.starts_with("//"))
            .any(|l| l.starts_with("#[ignore"));
        out.insert(name, ignored);
    }
    out
}

/// One row of a matrix table.
#[derive(Debug)]
struct Row {
    line: usize,
    source: String,
    status: String,
    tests: Vec<String>,
}

/// The rows of every table whose header starts `| Source |` and has four columns.
fn rows(doc: &str) -> Result<Vec<Row>, String> {
    let mut out = Vec::new();
    let mut in_table = false;
    for (n, line) in doc.lines().enumerate() {
        let t = line.trim();
        if !t.starts_with('|') {
            in_table = false;
            continue;
        }
        let cells: Vec<&str> = t.trim_matches('|').split('|').map(|c| c.trim()).collect();
        if cells.first() == Some(&"Source") {
            if cells.len() != 4 {
                return Err(format!("line {}: a matrix header has four columns", n + 1));
            }
            in_table = true;
            continue;
        }
        if !in_table || cells.iter().all(|c| c.chars().all(|ch| ch == '-')) {
            continue;
        }
        if cells.len() != 4 {
            return Err(format!(
                "line {}: a row has {} cells, not 4",
                n + 1,
                cells.len()
            ));
        }
        let tests = cells[3]
            .split(',')
            .map(|s| s.trim().trim_matches('`').trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        out.push(Row {
            line: n + 1,
            source: cells[0].to_string(),
            status: cells[2].to_string(),
            tests,
        });
    }
    Ok(out)
}

/// Every problem with the matrix `doc`; `file` reads a test file by its name (`None`: no
/// such file).
fn problems(doc: &str, file: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let rows = match rows(doc) {
        Ok(r) => r,
        Err(e) => return vec![e],
    };
    if rows.is_empty() {
        return vec!["no matrix rows found".into()];
    }
    let mut files: BTreeMap<String, Option<TestFile>> = BTreeMap::new();
    let mut out = Vec::new();
    for row in &rows {
        let at = format!("line {} ({})", row.line, row.source);
        let mut live = 0;
        for cite in &row.tests {
            let Some((name, test)) = cite.split_once("::") else {
                out.push(format!("{at}: `{cite}` is not file.rs::test_name"));
                continue;
            };
            if !name.ends_with(".rs") || name.contains('/') || name.contains('\\') {
                out.push(format!("{at}: `{name}` is not a file of tests/rules"));
                continue;
            }
            let fns = files
                .entry(name.to_string())
                .or_insert_with(|| file(name).map(|s| functions(&s)));
            match fns.as_ref().map(|f| f.get(test)) {
                None => out.push(format!("{at}: no file tests/rules/{name}")),
                Some(None) => out.push(format!("{at}: no fn {test} in tests/rules/{name}")),
                Some(Some(true)) => {}
                Some(Some(false)) => live += 1,
            }
        }
        match row.status.as_str() {
            COVERED if live == 0 => out.push(format!(
                "{at}: `covered` but cites no test that runs (not #[ignore])"
            )),
            NO_RULE if !row.tests.is_empty() => {
                out.push(format!("{at}: `no rule` but cites tests"))
            }
            COVERED | NO_RULE | GAP => {}
            other => out.push(format!(
                "{at}: status `{other}` is none of covered, no rule, gap"
            )),
        }
    }
    out
}

fn read_test_file(name: &str) -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rules")
        .join(name);
    std::fs::read_to_string(path).ok()
}

#[test]
fn issues_4_and_5_every_cited_test_exists_and_every_untested_row_is_a_listed_gap() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage.md");
    let doc = std::fs::read_to_string(&path).expect("docs/coverage.md is there");
    let found = problems(&doc, &read_test_file);
    assert!(found.is_empty(), "docs/coverage.md:\n{}", found.join("\n"));
    // The matrix covers what the issues name.
    for heading in [
        "## Seed 004",
        "## Seed 002",
        "## Seed 000",
        "## Rulebook section 6",
        "## Rulebook section 7",
        "## Rulebook 8.9",
    ] {
        assert!(doc.contains(heading), "docs/coverage.md lacks `{heading}`");
    }
}

/// The Source cells of the matrix rows under the heading `heading` (to the next `## `).
fn sources_under(doc: &str, heading: &str) -> Vec<String> {
    let Some(start) = doc.find(heading) else {
        return Vec::new();
    };
    let body = &doc[start + heading.len()..];
    let body = body.find("\n## ").map_or(body, |end| &body[..end]);
    rows(body)
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.source)
        .collect()
}

#[test]
fn issue_21_every_treasure_spell_and_special_advantage_has_a_row() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage.md");
    let doc = std::fs::read_to_string(&path).expect("docs/coverage.md is there");
    let cat = tabletop_rules::magic_realm::game::data().expect("the data loads");
    let named = |heading: &str, name: &str| {
        sources_under(&doc, heading).iter().any(|s| {
            s == name || s.starts_with(&format!("{name} ")) || s.starts_with(&format!("{name},"))
        })
    };
    let treasures = "## Treasure cards (issue 21)";
    for t in &cat.items.treasures {
        assert!(named(treasures, &t.name), "no row for the {}", t.name);
    }
    let spells = "## Spell cards (issue 21)";
    for s in cat.spells.cards() {
        assert!(named(spells, &s.name), "no row for {}", s.name);
    }
    let advantages = "## Characters' special advantages and starting items (issue 21)";
    for ch in &cat.characters.characters {
        for (i, a) in ch.advantages.iter().enumerate() {
            let row = format!("{} {}:", ch.name, i + 1);
            assert!(
                sources_under(&doc, advantages)
                    .iter()
                    .any(|s| s.starts_with(&row)),
                "no row for {row} {:?}",
                a.advantage
            );
        }
        let items = format!("{}:", ch.name);
        assert!(
            sources_under(&doc, advantages)
                .iter()
                .any(|s| s.starts_with(&items) && s.contains("starting")),
            "no starting items row for the {}",
            ch.name
        );
    }
}

#[test]
fn the_coverage_check_refuses_a_missing_test_an_uncited_rule_and_an_unknown_status() {
    let doc = "\
| Source | Rule | Status | Tests |
|---|---|---|---|
| a | cites a test that exists | covered | `x.rs::real` |
| b | cites a test that does not exist | covered | `x.rs::imaginary` |
| c | covered by nothing | covered | |
| d | covered only by an ignored test | covered | `x.rs::ignored` |
| e | an explanation with a test | no rule | `x.rs::real` |
| f | a listed gap | gap | |
| g | a gap with an ignored test | gap | `x.rs::ignored` |
| h | a file that is not there | gap | `y.rs::real` |
| i | half done | partial | |
| j | not a citation | gap | real |
";
    let file = |name: &str| {
        (name == "x.rs").then(|| {
            "#[test]\nfn real() {}\n\n#[test]\n#[ignore = \"engine bug\"]\nfn ignored() {}\n"
                .to_string()
        })
    };
    let found = problems(doc, &file);
    let mut lines: Vec<usize> = found
        .iter()
        .filter_map(|p| p.strip_prefix("line ")?.split(' ').next()?.parse().ok())
        .collect();
    lines.dedup();
    // Rows b, c, d, e, h, i, j are wrong; a, f and g are fine.
    assert_eq!(lines, vec![4, 5, 6, 7, 10, 11, 12], "{found:#?}");
    assert!(found[0].contains("no fn imaginary"));
    // A table without its fourth column is refused as a whole.
    let bad = "| Source | Rule | Status |\n|---|---|---|\n| a | b | covered |\n";
    assert_eq!(problems(bad, &file).len(), 1);
}
