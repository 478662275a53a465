//! The store's group commit: the appends of many matches that arrive together are
//! written in one transaction, each acknowledged only once stored; an append that does
//! not follow its match's last action on this server is refused alone, the others
//! stored.

use decklet_server::{Store, StoredAction, StoredMatch, StoredSeat};

use crate::common::{Error, postgres};

/// A match of two seats played by `server`, at action 0.
fn new_match(id: &str, server: &str) -> StoredMatch {
    StoredMatch {
        id: id.to_string(),
        spec: "{}".to_string(),
        seed: 1,
        salt: String::new(),
        seed_chosen: false,
        deal: String::new(),
        created_at: 0,
        status: "playing".to_string(),
        seq: 0,
        server: server.to_string(),
        active_at: 0,
        seats: vec![
            StoredSeat {
                kind: "bot".to_string(),
                name: "A".to_string(),
                token_hash: None,
                share: String::new(),
            };
            2
        ],
    }
}

/// Action `seq` of a match.
fn action(seq: u64) -> StoredAction {
    StoredAction {
        seq,
        seat: (seq % 2) as usize,
        action: format!(
            "{{\"type\":\"MOVE\",\"payload\":{{\"n\":{seq},\"text\":\"it's \\\"quoted\\\" ✓\"}}}}"
        ),
        digest: format!("{seq:064x}"),
        origin: "move".to_string(),
    }
}

async fn appends_arriving_together_are_each_stored_or_refused_alone(db: &str) -> Result<(), Error> {
    let store = Store::open(db).await?;
    let run = format!("{:x}", std::process::id());
    let ids: Vec<String> = (0..40).map(|i| format!("gc-{run}-{i:02}")).collect();
    for (i, id) in ids.iter().enumerate() {
        // the last match is another server's
        let server = if i == ids.len() - 1 { "b" } else { "a" };
        store.create_match(&new_match(id, server)).await?;
    }
    // every match's first action at once: all stored but the other server's
    let first = action(1);
    let firsts = ids
        .iter()
        .map(|id| store.append(id, "a", &first, "playing"));
    let results = futures_util::future::join_all(firsts).await;
    for (id, result) in ids.iter().zip(&results) {
        match id == ids.last().unwrap_or(id) {
            true => assert!(
                result.as_ref().is_err_and(|e| e.is_lost()),
                "{id}: {result:?}"
            ),
            false => assert!(result.is_ok(), "{id}: {result:?}"),
        }
    }
    // the second actions at once, one of them a seq that does not follow
    let (second, wrong) = (action(2), action(5));
    let seconds = ids[..ids.len() - 1].iter().enumerate().map(|(i, id)| {
        let next = if i == 7 { &wrong } else { &second };
        store.append(id, "a", next, "finished")
    });
    let results = futures_util::future::join_all(seconds).await;
    for (i, (id, result)) in ids.iter().zip(&results).enumerate() {
        match i == 7 {
            true => assert!(
                result.as_ref().is_err_and(|e| e.is_lost()),
                "{id}: {result:?}"
            ),
            false => assert!(result.is_ok(), "{id}: {result:?}"),
        }
    }
    // and the third, every one following: all stored
    let third = action(3);
    let thirds = ids[..ids.len() - 1]
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 7)
        .map(|(_, id)| store.append(id, "a", &third, "finished"));
    for result in futures_util::future::join_all(thirds).await {
        result?;
    }
    for (i, id) in ids.iter().enumerate() {
        let stored = store.load_match(id).await?.ok_or("the match is gone")?;
        let actions = store.actions(id, 0).await?;
        let (seq, status) = match i {
            7 => (1, "playing"),
            i if i == ids.len() - 1 => (0, "playing"),
            _ => (3, "finished"),
        };
        assert_eq!((stored.seq, stored.status.as_str()), (seq, status), "{id}");
        assert_eq!(actions.len() as u64, seq, "{id}");
        for (n, kept) in actions.iter().enumerate() {
            assert_eq!(*kept, action(n as u64 + 1), "{id}");
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_arriving_together_are_each_stored_or_refused_alone_on_sqlite() -> Result<(), Error>
{
    let dir = tempfile::tempdir()?;
    appends_arriving_together_are_each_stored_or_refused_alone(&crate::common::sqlite_in(&dir))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Postgres: `cargo xtask ci` runs it when DECKLET_TEST_POSTGRES is set"]
async fn appends_arriving_together_are_each_stored_or_refused_alone_on_postgres()
-> Result<(), Error> {
    appends_arriving_together_are_each_stored_or_refused_alone(&postgres().await?).await
}
