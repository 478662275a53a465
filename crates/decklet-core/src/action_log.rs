//! The action log: the committed external actions of a game, typed, one list per kind
//! plus their order.

use std::any::Any;

use crate::action::{Action, AnyAction};
use crate::kind_table::Kind;

/// A log lane: the logged actions of one kind.
pub(crate) trait LogLane: Any + Send + Sync {
    fn json(&self, i: usize) -> Result<serde_json::Value, serde_json::Error>;
    fn get(&self, i: usize) -> Option<AnyAction>;
    fn clear(&mut self);
    fn clone_box(&self) -> Box<dyn LogLane>;
}

impl<A: Action> LogLane for Vec<A> {
    fn json(&self, i: usize) -> Result<serde_json::Value, serde_json::Error> {
        match <[A]>::get(self, i) {
            Some(action) => serde_json::to_value(action),
            None => Ok(serde_json::Value::Null),
        }
    }
    fn get(&self, i: usize) -> Option<AnyAction> {
        <[A]>::get(self, i).cloned().map(AnyAction::new)
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn clone_box(&self) -> Box<dyn LogLane> {
        Box::new(self.clone())
    }
}

/// The committed external actions of a game, typed: kind and position in its lane, in
/// order.
#[derive(Default)]
pub(crate) struct Log {
    pub(crate) order: Vec<(Kind, u32)>,
    lanes: Vec<Option<Box<dyn LogLane>>>,
}

impl Clone for Log {
    fn clone(&self) -> Self {
        Log {
            order: self.order.clone(),
            lanes: self
                .lanes
                .iter()
                .map(|lane| lane.as_ref().map(|l| l.clone_box()))
                .collect(),
        }
    }
}

impl Log {
    /// Logs an action of kind `k`.
    pub(crate) fn push<A: Action>(&mut self, k: Kind, action: A) {
        let i = k.index();
        if self.lanes.len() <= i {
            self.lanes.resize_with(i + 1, || None);
        }
        let lane: &mut dyn Any =
            &mut **self.lanes[i].get_or_insert_with(|| Box::new(Vec::<A>::new()));
        if let Some(list) = lane.downcast_mut::<Vec<A>>() {
            self.order.push((k, list.len() as u32));
            list.push(action);
        }
    }

    pub(crate) fn clear(&mut self) {
        self.order.clear();
        for lane in self.lanes.iter_mut().flatten() {
            lane.clear();
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.order.len()
    }

    /// The `n`-th action's payload as JSON (inside a scope).
    pub(crate) fn json(&self, n: usize) -> Result<serde_json::Value, serde_json::Error> {
        match self.order.get(n) {
            Some(&(k, i)) => match self.lanes.get(k.index()).and_then(Option::as_ref) {
                Some(lane) => lane.json(i as usize),
                None => Ok(serde_json::Value::Null),
            },
            None => Ok(serde_json::Value::Null),
        }
    }

    /// The `n`-th action, boxed.
    pub(crate) fn get(&self, n: usize) -> Option<AnyAction> {
        let &(k, i) = self.order.get(n)?;
        self.lanes.get(k.index())?.as_ref()?.get(i as usize)
    }
}
