//! The browser table, end to end in headless Chromium (Debian's `chromium` and
//! `chromium-driver`, driven over WebDriver): two people in two browsers see what the
//! match is, sit at it with two bots (each sees itself online at once), play it to its
//! end by clicking their raised cards and the other moves' buttons, one of them
//! reloads mid-game and is back at the table, and a reload after the last move shows
//! how it ended, with every seat's score and "Play again"; at a phone's width nothing
//! is wider than the screen. A Hearts match made in the lobby is played to its end by
//! clicking cards, its first move by its key; a Whist match (a game of sides, from the
//! `whist` example's catalogue entry) likewise, told trick by trick. Screenshots of
//! the tables, at desktop and
//! phone widths, are kept under the target directory (`tmp/browser-table-GAME.png`,
//! `tmp/browser-table-GAME-phone.png`).
//!
//! An ignored test (it needs a browser): `cargo xtask ci` runs it when `chromedriver`
//! is installed, says it was skipped when not, and fails without it when
//! `DECKLET_REQUIRE_BROWSER` is set (CI sets it). By hand:
//! `cargo test -p decklet-server --test server -- --ignored browser`.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{Error, TestServer, sqlite_in, start, start_serving};
use decklet_server::Limits;
use decklet_server::client::STUCK;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

/// A chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chromedriver() -> Result<Driver, Error> {
    let path = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".to_string());
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let child = Command::new(&path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| {
            format!("`{path}` cannot run ({e}): apt-get install chromium chromium-driver")
        })?;
    Ok(Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    })
}

async fn browser(driver: &Driver) -> Result<Client, Error> {
    let mut caps = serde_json::Map::new();
    let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    caps.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": binary,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,1300"],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let started = Instant::now();
    loop {
        match ClientBuilder::new(connector.clone())
            .capabilities(caps.clone())
            .connect(&driver.url)
            .await
        {
            Ok(client) => return Ok(client),
            // chromedriver takes a moment to listen
            Err(_) if started.elapsed() < STUCK => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

async fn text(page: &Client, css: &str) -> String {
    match page.find(Locator::Css(css)).await {
        Ok(node) => node.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

async fn attribute(page: &Client, css: &str, name: &str) -> Option<String> {
    page.find(Locator::Css(css))
        .await
        .ok()?
        .attr(name)
        .await
        .ok()?
}

/// Sits at seat `seat` of match `id` in `page`, as a person would: the table's page,
/// a name, the seat's button.
async fn sit(
    page: &Client,
    server: &TestServer,
    id: &str,
    seat: usize,
    name: &str,
) -> Result<(), Error> {
    page.goto(&server.url(&format!("/?match={id}"))).await?;
    let field = page.wait().for_element(Locator::Css("#join-name")).await?;
    // the join page shows the match and its free seats, not an empty table
    for empty in ["#hand-box", "#seats", "#log"] {
        let shown = page.find(Locator::Css(empty)).await?.is_displayed().await?;
        assert!(!shown, "{empty} is shown before anyone sits");
    }
    assert!(
        text(page, "#status")
            .await
            .starts_with("waiting for players: ")
    );
    // the join page says what the match is: its game and its seats
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    let game = summary["game"].as_str().unwrap_or_default().to_string();
    let about = text(page, "#join-about").await;
    assert!(
        about.starts_with(&game) && about.contains(" seats: "),
        "{about}"
    );
    field.clear().await?;
    field.send_keys(name).await?;
    page.wait()
        .for_element(Locator::Css(&format!("button[data-join='{seat}']")))
        .await?
        .click()
        .await?;
    connected(page).await?;
    // your own seat shows you present from the first position on
    let own = text(page, "#seats .seat.you").await;
    assert!(own.contains("online"), "your own seat shows {own:?}");
    Ok(())
}

/// Waits until the page is connected and shows a position.
async fn connected(page: &Client) -> Result<(), Error> {
    let started = Instant::now();
    while attribute(page, "#where", "data-connected").await.as_deref() != Some("yes")
        || text(page, "#seq").await.is_empty()
    {
        if started.elapsed() > STUCK {
            return Err("the table did not connect".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Clicks one of the listed moves, if the page lists any: a raised card of the hand
/// first (a card the seat may play or pass), else a button, a play first.
async fn click_a_move(page: &Client) -> Result<bool, Error> {
    if let Some(card) = page
        .find_all(Locator::Css("#hand button.playable"))
        .await?
        .first()
    {
        // the table may have moved on meanwhile: a stale card is no error
        return Ok(card.click().await.is_ok());
    }
    let buttons = page.find_all(Locator::Css("#moves button")).await?;
    let mut chosen = None;
    for button in &buttons {
        let label = button.text().await.unwrap_or_default();
        if label.starts_with("play ") || chosen.is_none() {
            chosen = Some(button);
            if label.starts_with("play ") {
                break;
            }
        }
    }
    match chosen {
        // the table may have moved on meanwhile: a stale button is no error
        Some(button) => Ok(button.click().await.is_ok()),
        None => Ok(false),
    }
}

/// Waits until the page lists a move for its seat (a raised card or a button).
async fn wait_for_moves(page: &Client) -> Result<(), Error> {
    let started = Instant::now();
    loop {
        let cards = page.find_all(Locator::Css("#hand button.playable")).await?;
        let buttons = page.find_all(Locator::Css("#moves button")).await?;
        if !cards.is_empty() || !buttons.is_empty() {
            return Ok(());
        }
        if started.elapsed() > STUCK {
            return Err("no move was listed".into());
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Shows the page at a phone's width (390 × 844): nothing is wider than the screen; a
/// screenshot is kept as `name` under the target directory; then back to the desktop.
async fn at_phone_width(page: &Client, name: &str) -> Result<(), Error> {
    page.set_window_size(390, 844).await?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let widths = page
        .execute(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]",
            vec![],
        )
        .await?;
    let (scroll, client) = (widths[0].as_u64(), widths[1].as_u64());
    assert!(
        scroll.is_some() && scroll <= client,
        "at a phone's width the page is {scroll:?} px wide on a {client:?} px screen"
    );
    let shot = page.screenshot().await?;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, shot)?;
    eprintln!("the table at a phone's width: {}", path.display());
    page.set_window_size(1100, 1300).await?;
    Ok(())
}

/// The end's winner is on the screen without scrolling, at a desktop's size (1280 ×
/// 800) and a phone's (390 × 844); a screenshot of each is kept as `name-WxH.png`.
async fn winner_in_view(page: &Client, name: &str) -> Result<(), Error> {
    for (width, height) in [(1280, 800), (390, 844)] {
        page.set_window_size(width, height).await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let seen = page
            .execute(
                "window.scrollTo(0, 0); const r = document.getElementById('winner').getBoundingClientRect(); \
                 return [r.top, r.bottom, window.innerHeight, r.width];",
                vec![],
            )
            .await?;
        let at = |i: usize| seen[i].as_f64().unwrap_or(-1.0);
        assert!(
            at(0) >= 0.0 && at(1) <= at(2) && at(3) > 0.0,
            "at {width}×{height} the winner is at {seen} (top, bottom, the window's height, width)"
        );
        let shot = page.screenshot().await?;
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("{name}-{width}x{height}.png"));
        std::fs::write(&path, shot)?;
    }
    page.set_window_size(1100, 1300).await?;
    Ok(())
}

fn move_number(seq: &str) -> u64 {
    seq.trim_start_matches("move ").parse().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: `cargo xtask ci` runs it when they are installed"]
async fn two_browsers_and_two_bots_play_a_whole_game() -> Result<(), Error> {
    let driver = chromedriver()?;
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    for (game, seed) in [("uno", 21u64), ("crazy-eights", 8)] {
        let mut spec = json!({"game": game, "seed": seed, "botDelayMs": 20,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "human"}, {"kind": "bot", "bot": "random"}]});
        if game == "uno" {
            spec["rules"] = json!("official");
        }
        let id = server.create(spec).await?;
        let ann = browser(&driver).await?;
        let bob = browser(&driver).await?;
        sit(&ann, &server, &id, 0, "Ann").await?;
        sit(&bob, &server, &id, 2, "Bob").await?;
        assert!(text(&ann, "#hand").await.len() > 3, "Ann sees no hand");
        // the seed was chosen by the match's creator: the table says so, and shows the
        // deal's commitment
        let deal = text(&ann, "#deal").await;
        assert!(deal.contains("seed its creator chose"), "{deal}");
        assert!(deal.contains("Deal committed to "), "{deal}");
        // every game: its zones and facts, from the seat's projection
        let (pile, fact) = match game {
            "uno" => ("discard", "colour in force"),
            _ => ("c8:discard", "suit to match"),
        };
        assert!(text(&ann, "#zones").await.contains(pile), "no pile");
        assert!(text(&ann, "#facts").await.contains(fact), "no {fact}");
        let seats = ann.find_all(Locator::Css("#seats .seat")).await?;
        assert_eq!(seats.len(), 4);
        // the rules in play are on the table
        let string = match game {
            "uno" => "rules: uno(rules=official)",
            _ => "rules: crazy_eights",
        };
        assert_eq!(text(&ann, "#rules").await, string);
        // at a phone's width nothing is wider than the screen
        at_phone_width(&ann, &format!("browser-table-{game}-phone.png")).await?;
        let mut reloaded = false;
        let mut hints_seen = 0;
        // the game may take as long as the machine needs; only a game that stands
        // still fails
        let (mut last_seq, mut moved_at) = (String::new(), Instant::now());
        loop {
            let seq = text(&bob, "#seq").await;
            if seq != last_seq {
                (last_seq, moved_at) = (seq, Instant::now());
            }
            if moved_at.elapsed() > STUCK {
                return Err(format!("the {game} game stood still at {last_seq}").into());
            }
            let over = [&ann, &bob].len()
                == futures_util::future::join_all(
                    [&ann, &bob].map(|p| attribute(p, "#status", "data-status")),
                )
                .await
                .iter()
                .filter(|s| s.as_deref() == Some("finished"))
                .count();
            if over {
                break;
            }
            for page in [&ann, &bob] {
                // whenever calling UNO is a move, the hint says when to call it
                let moves = text(page, "#moves").await;
                if moves.contains("call UNO") {
                    let hint = text(page, "#hint").await;
                    // the table may have moved on between the two reads
                    if text(page, "#moves").await.contains("call UNO") {
                        assert!(hint.contains("call UNO"), "{moves} / hint: {hint}");
                        hints_seen += 1;
                    }
                }
                click_a_move(page).await?;
            }
            let at = move_number(&text(&bob, "#seq").await);
            if !reloaded && at > 12 {
                // a reload mid-game: the table comes back where the match is
                bob.refresh().await?;
                connected(&bob).await?;
                let back = move_number(&text(&bob, "#seq").await);
                assert!(
                    back >= at,
                    "after the reload the table is at {back}, before at {at}"
                );
                assert!(
                    !text(&bob, "#log").await.is_empty(),
                    "the log was not rebuilt"
                );
                assert!(text(&bob, "#where").await.contains("seat 3"));
                reloaded = true;
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        assert!(reloaded, "the {game} game ended before the reload");
        eprintln!("{game}: the call-UNO hint checked {hints_seen} times");
        let result = text(&ann, "#result").await;
        assert!(
            result.contains("won") || result.contains("no winner"),
            "{result}"
        );
        // each seat is told its own moves as "you": Ann's log says "You play", Bob's
        // says "Ann plays"; no count reads "1 cards"
        if game == "uno" {
            let (ann_log, bob_log) = (text(&ann, "#log").await, text(&bob, "#log").await);
            assert!(
                ann_log.contains("You play") || ann_log.contains("You draw"),
                "{ann_log}"
            );
            assert!(
                !ann_log.contains("Ann plays") && !ann_log.contains("You plays"),
                "{ann_log}"
            );
            assert!(
                bob_log.contains("Ann plays") || bob_log.contains("Ann draws"),
                "{bob_log}"
            );
            // Bob's page was reloaded mid-game: the moves it was sent again are his too
            assert!(
                bob_log.contains("You play") || bob_log.contains("You draw"),
                "{bob_log}"
            );
            assert!(!bob_log.contains("Bob plays"), "{bob_log}");
            assert!(!text(&ann, "#seats").await.contains(" 1 cards"));
        }
        if game == "crazy-eights" {
            // a game that does not narrate: each move as its mover's name and words
            let (ann_log, bob_log) = (text(&ann, "#log").await, text(&bob, "#log").await);
            assert!(ann_log.contains("You: "), "{ann_log}");
            assert!(
                bob_log.contains("Ann: ") && !bob_log.contains("Bob: "),
                "{bob_log}"
            );
        }
        // the end screen: every seat's score, and a new match of the same kind
        let rows = ann.find_all(Locator::Css("#result table tr")).await?;
        assert_eq!(rows.len(), 5, "a header and a row a seat");
        assert!(ann.find(Locator::Css("#play-again")).await.is_ok());
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
        assert_eq!(summary["status"], "finished");
        // a reload after the last move shows how the match ended, with its log
        ann.refresh().await?;
        connected(&ann).await?;
        assert_eq!(text(&ann, "#result").await, result);
        // who won is said at the top, and shown without scrolling on a desktop and a
        // phone; the points column names what it counts
        assert!(
            text(&ann, "#status").await.contains(" won")
                || text(&ann, "#status").await.contains("no winner")
        );
        winner_in_view(&ann, &format!("browser-end-{game}")).await?;
        if game == "uno" {
            // UNO's official rules score points: the table shows the round's, as its
            // narration says them
            let table = text(&ann, "#result table").await;
            assert!(table.contains("points this game"), "{table}");
        }
        // and reveals the deal's seed, with the command that checks the log
        let deal = text(&ann, "#deal").await;
        assert!(
            deal.contains(&format!(
                "seed {seed} · check the log: decklet replay match-{id}.json --commitment "
            )),
            "{deal}"
        );
        // the share Ann's browser drew when she joined is the one the deal reveals
        let share = ann
            .execute(
                "return localStorage.getItem(arguments[0])",
                vec![json!(format!("decklet:share:{id}"))],
            )
            .await?;
        assert_eq!(share.as_str().map(str::len), Some(64), "{share}");
        assert_eq!(summary["deal"]["revealed"]["shares"][0], share, "{summary}");
        let link = ann.find(Locator::Css("#result a")).await?;
        let href = link.attr("href").await?.ok_or("the log link has no href")?;
        assert_eq!(href, format!("/api/matches/{id}/log"));
        let shot = ann.screenshot().await?;
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("browser-table-{game}.png"));
        std::fs::write(&path, shot)?;
        eprintln!("the table's screenshot: {}", path.display());
        // "Play again": a new match of the same game and seats, Ann at her seat
        ann.find(Locator::Css("#play-again")).await?.click().await?;
        let started = Instant::now();
        let again = loop {
            let url = ann.current_url().await?;
            let now = url
                .query_pairs()
                .find(|(k, _)| k == "match")
                .map(|(_, v)| v.into_owned());
            if let Some(now) = now.filter(|now| *now != id) {
                break now;
            }
            if started.elapsed() > STUCK {
                return Err("Play again made no match".into());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        connected(&ann).await?;
        let (_, first) = server.get(&format!("/api/matches/{id}")).await?;
        let (_, second) = server.get(&format!("/api/matches/{again}")).await?;
        assert_eq!(second["game"], first["game"]);
        assert_eq!(second["rules"], first["rules"]);
        let kinds = |m: &serde_json::Value| -> Vec<(serde_json::Value, serde_json::Value)> {
            m["seats"]
                .as_array()
                .map(|seats| {
                    seats
                        .iter()
                        .map(|s| (s["kind"].clone(), s["bot"].clone()))
                        .collect()
                })
                .unwrap_or_default()
        };
        assert_eq!(kinds(&second), kinds(&first));
        assert_eq!(second["seats"][0]["name"], "Ann");
        assert_eq!(second["seats"][2]["free"], true, "Bob's seat waits for him");
        ann.close().await?;
        bob.close().await?;
    }
    Ok(())
}

/// Hearts, a game the server names nowhere: created in the lobby from the catalogue's
/// listing (the game, a parameter ticked, three of its own bots), then played to the
/// end by one person in the browser, who sees the trick, the facts and the scores.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: `cargo xtask ci` runs it when they are installed"]
async fn a_browser_creates_a_hearts_match_in_the_lobby_and_plays_it_against_three_bots()
-> Result<(), Error> {
    let driver = chromedriver()?;
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let ann = browser(&driver).await?;
    ann.goto(&server.url("/")).await?;
    let select = ann.wait().for_element(Locator::Css("#game-select")).await?;
    let games: Vec<String> = {
        let mut names = Vec::new();
        for option in ann.find_all(Locator::Css("#game-select option")).await? {
            names.push(option.text().await?);
        }
        names
    };
    assert_eq!(
        games,
        [
            "uno",
            "crazy_eights",
            "hearts",
            "kuhn_poker",
            "leduc_poker",
            "mini_uno"
        ]
    );
    select.select_by_value("hearts").await?;
    ann.wait()
        .for_element(Locator::Css("[data-param='jd_bonus']"))
        .await?
        .click()
        .await?;
    let field = ann.find(Locator::Css("[name=botDelayMs]")).await?;
    field.clear().await?;
    field.send_keys("20").await?;
    // your own seat has no menu; each other seat a bot, of the bots the game has (no
    // form of names such as `policy:FILE`); no seat can be added to a game of four
    let own = text(&ann, ".seat-row.own").await;
    assert_eq!(own, "Seat 1: you");
    let bots = ann.find_all(Locator::Css(".seat-row .seat-bot")).await?;
    assert_eq!(bots.len(), 3, "a bot's menu a seat but yours");
    assert_eq!(bots[0].prop("value").await?.as_deref(), Some("ducker"));
    let offered = text(&ann, ".seat-row .seat-bot").await;
    for form in ["FILE", ":N", "=P", "["] {
        assert!(!offered.contains(form), "{offered}");
    }
    let add = ann.find(Locator::Css("#add-seat")).await?;
    assert!(
        !add.is_displayed().await?,
        "a seat can be added to a game of four"
    );
    let name = ann.find(Locator::Css("[name=name]")).await?;
    name.send_keys("Ann").await?;
    ann.find(Locator::Css("#create-match"))
        .await?
        .click()
        .await?;
    connected(&ann).await?;
    let id = ann
        .current_url()
        .await?
        .query_pairs()
        .find(|(k, _)| k == "match")
        .map(|(_, v)| v.into_owned())
        .ok_or("the lobby did not open the match")?;
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["game"], "hearts(jd_bonus=true)", "{summary}");
    assert!(text(&ann, "#hand").await.len() > 13, "Ann sees no hand");
    // a move by its key: when Ann has moves, it is her turn (Hearts has no moves out
    // of turn), so the match waits for her
    wait_for_moves(&ann).await?;
    let before = move_number(&text(&ann, "#seq").await);
    ann.find(Locator::Css("body")).await?.send_keys("1").await?;
    let started = Instant::now();
    while move_number(&text(&ann, "#seq").await) == before {
        if started.elapsed() > STUCK {
            return Err("the key `1` made no move".into());
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let (mut last_seq, mut moved_at) = (String::new(), Instant::now());
    let mut saw_trick = false;
    while attribute(&ann, "#status", "data-status").await.as_deref() != Some("finished") {
        let seq = text(&ann, "#seq").await;
        if seq != last_seq {
            (last_seq, moved_at) = (seq, Instant::now());
        }
        if moved_at.elapsed() > STUCK {
            return Err(format!("the Hearts game stood still at {last_seq}").into());
        }
        saw_trick |= text(&ann, "#zones").await.contains("hearts:trick: ");
        click_a_move(&ann).await?;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert!(saw_trick, "the trick was never shown");
    assert!(text(&ann, "#facts").await.contains("points: "));
    let result = text(&ann, "#result").await;
    assert!(result.contains("won"), "{result}");
    let rows = ann.find_all(Locator::Css("#result table tr")).await?;
    assert_eq!(rows.len(), 5, "a header and a row a seat: {result}");
    let log = text(&ann, "#log").await;
    // the bots' passes are told without their cards, their plays with them
    assert!(log.contains(": play "), "{log}");
    let shot = ann.screenshot().await?;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-table-hearts.png");
    std::fs::write(&path, shot)?;
    eprintln!("the table's screenshot: {}", path.display());
    ann.close().await?;
    Ok(())
}

/// Whist, a game of sides from outside the workspace's games (the `whist` example),
/// created in the lobby and played to its end by clicking, beside three bots: the
/// table tells it trick by trick (who took each, the count by sides) and ends with
/// both partners of the winning side as winners.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: `cargo xtask ci` runs it when they are installed"]
async fn a_browser_plays_a_whist_match_of_sides_trick_by_trick() -> Result<(), Error> {
    let driver = chromedriver()?;
    let dir = tempfile::tempdir()?;
    let games = decklet_catalog::Catalog::standard().with(whist::WhistDef);
    let server = start_serving(&sqlite_in(&dir), Limits::default(), games).await?;
    let ann = browser(&driver).await?;
    ann.goto(&server.url("/")).await?;
    let select = ann.wait().for_element(Locator::Css("#game-select")).await?;
    select.select_by_value("whist").await?;
    let field = ann.find(Locator::Css("[name=botDelayMs]")).await?;
    field.clear().await?;
    field.send_keys("10").await?;
    assert_eq!(
        ann.find_all(Locator::Css(".seat-row .seat-bot"))
            .await?
            .len(),
        3
    );
    ann.find(Locator::Css("[name=name]"))
        .await?
        .send_keys("Ann")
        .await?;
    ann.find(Locator::Css("#create-match"))
        .await?
        .click()
        .await?;
    connected(&ann).await?;
    wait_for_moves(&ann).await?;
    assert!(
        text(&ann, "#facts").await.contains("trumps: spades"),
        "{}",
        text(&ann, "#facts").await
    );
    let (mut last_seq, mut moved_at) = (String::new(), Instant::now());
    while attribute(&ann, "#status", "data-status").await.as_deref() != Some("finished") {
        let seq = text(&ann, "#seq").await;
        if seq != last_seq {
            (last_seq, moved_at) = (seq, Instant::now());
        }
        if moved_at.elapsed() > STUCK {
            return Err(format!("the Whist game stood still at {last_seq}").into());
        }
        click_a_move(&ann).await?;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let log = text(&ann, "#log").await;
    // each trick's taker and the count by sides, seats by their names
    let taken = log.matches(" the trick (you & Bot 3 (random) ").count();
    assert_eq!(taken, 13, "13 tricks told: {log}");
    assert!(log.contains("You play "), "Ann's plays told as hers: {log}");
    assert!(log.contains(" win, "), "{log}");
    let facts = text(&ann, "#facts").await;
    assert!(facts.contains("tricks: "), "{facts}");
    let result = text(&ann, "#result").await;
    assert!(result.contains("won"), "{result}");
    let (_, summary) = server
        .get(&format!("/api/matches/{}", match_id(&ann).await?))
        .await?;
    assert_eq!(summary["game"], "whist", "{summary}");
    // both partners of a side win: you and Bot 3, or Bot 2 and Bot 4
    let winners = ann.find_all(Locator::Css("#result tr.winner")).await?.len();
    assert_eq!(winners, 2, "both partners win: {result}");
    let heading = text(&ann, "#winner").await;
    assert!(
        heading == "You and Bot 3 (random) won"
            || heading == "Bot 2 (random) and Bot 4 (random) won",
        "{heading}"
    );
    let shot = ann.screenshot().await?;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-table-whist.png");
    std::fs::write(&path, shot)?;
    eprintln!("the table's screenshot: {}", path.display());
    ann.close().await?;
    Ok(())
}

/// The match a page is at (its `?match=` query).
async fn match_id(page: &Client) -> Result<String, Error> {
    Ok(page
        .current_url()
        .await?
        .query_pairs()
        .find(|(k, _)| k == "match")
        .map(|(_, v)| v.into_owned())
        .ok_or("the page is at no match")?)
}
