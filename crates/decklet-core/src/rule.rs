//! [`Rule`]: a named check every action must pass before its handler runs.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::action::{Action, ActionOrigin, AnyAction};
use crate::state::GameState;

/// What a rule returns: `Ok(())` to let the action through, `Err(reason)` to reject it
/// with a sentence a player understands.
pub type RuleResult = Result<(), Cow<'static, str>>;

pub(crate) type CheckFn = dyn Fn(&AnyAction, ActionOrigin, &GameState) -> RuleResult + Send + Sync;

pub(crate) type AcceptsFn = dyn Fn(&AnyAction, ActionOrigin, &GameState) -> bool + Send + Sync;

/// A fast answer for a run of rules registered one after the other: `accepts` returns
/// `true` only when **every** rule of the group that applies to the action would let it
/// through. The engine then skips those rules; on `false` it runs them one by one, as
/// always, so a rejection names the same rule with the same reason.
///
/// It is an optimisation with one obligation: `accepts` may say `false` when in doubt,
/// never `true` when a member would refuse. A plugin whose rules read the same state
/// (the hand, the colour in force) reads it once here. The rules stay what
/// [`GamePlugin::rules`](crate::GamePlugin::rules) lists, with their ids and order.
///
/// ```
/// use decklet_core::{Rule, RuleGroup, PlayCard};
/// let group = RuleGroup::new("oneCardGroup", |action, _origin, _state| {
///     action.downcast_ref::<PlayCard>().is_some_and(|play| play.card_ids.len() == 1)
/// });
/// let rule = Rule::for_action::<PlayCard>("oneCard", |play, _origin, _state| {
///     if play.card_ids.len() == 1 { Ok(()) } else { Err("play exactly one card".into()) }
/// })
/// .in_group(&group);
/// assert_eq!(rule.group().map(RuleGroup::id), Some("oneCardGroup"));
/// ```
#[derive(Clone)]
pub struct RuleGroup {
    id: &'static str,
    accepts: Arc<AcceptsFn>,
}

impl RuleGroup {
    /// A group with its fast check.
    pub fn new(
        id: &'static str,
        accepts: impl Fn(&AnyAction, ActionOrigin, &GameState) -> bool + Send + Sync + 'static,
    ) -> Self {
        RuleGroup {
            id,
            accepts: Arc::new(accepts),
        }
    }

    /// The group's id (for debugging; rejections name the member rule).
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Whether every member rule that applies would accept the action (`false`: maybe
    /// not; ask them one by one).
    #[inline]
    pub fn accepts(&self, action: &AnyAction, origin: ActionOrigin, state: &GameState) -> bool {
        (self.accepts)(action, origin, state)
    }

    /// Whether both are the same group (one `new`, cloned).
    pub fn same_as(&self, other: &RuleGroup) -> bool {
        Arc::ptr_eq(&self.accepts, &other.accepts)
    }

    pub(crate) fn accepter(&self) -> &Arc<AcceptsFn> {
        &self.accepts
    }
}

impl fmt::Debug for RuleGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RuleGroup").field(&self.id).finish()
    }
}

/// Which action kinds a rule looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleScope {
    /// Every action.
    All,
    /// Only these kinds; the engine never calls the rule for others.
    Kinds(Vec<&'static str>),
}

/// A named check. Rules run in registration order (plugin order, then each plugin's
/// order) and the first rejection stops the action.
///
/// ```
/// use decklet_core::{Rule, PlayCard, ActionOrigin};
/// let rule = Rule::for_action::<PlayCard>("oneCard", |play, _origin, _state| {
///     if play.card_ids.len() == 1 { Ok(()) } else { Err("play exactly one card".into()) }
/// });
/// assert_eq!(rule.id(), "oneCard");
/// assert!(rule.applies_to("PLAY_CARD"));
/// assert!(!rule.applies_to("END_TURN"));
/// ```
#[derive(Clone)]
pub struct Rule {
    id: Cow<'static, str>,
    scope: RuleScope,
    check: Arc<CheckFn>,
    group: Option<RuleGroup>,
}

impl Rule {
    /// A rule that sees every action.
    pub fn new(
        id: impl Into<Cow<'static, str>>,
        check: impl Fn(&AnyAction, ActionOrigin, &GameState) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        Rule {
            id: id.into(),
            scope: RuleScope::All,
            check: Arc::new(check),
            group: None,
        }
    }

    /// A rule that sees only actions of some kinds.
    pub fn for_kinds(
        id: impl Into<Cow<'static, str>>,
        kinds: &[&'static str],
        check: impl Fn(&AnyAction, ActionOrigin, &GameState) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        Rule {
            id: id.into(),
            scope: RuleScope::Kinds(kinds.to_vec()),
            check: Arc::new(check),
            group: None,
        }
    }

    /// A rule that sees only actions of type `A`, typed.
    pub fn for_action<A: Action>(
        id: impl Into<Cow<'static, str>>,
        check: impl Fn(&A, ActionOrigin, &GameState) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        Rule {
            id: id.into(),
            scope: RuleScope::Kinds(vec![A::KIND]),
            check: Arc::new(
                move |action, origin, state| match action.downcast_ref::<A>() {
                    Some(typed) => check(typed, origin, state),
                    None => Ok(()),
                },
            ),
            group: None,
        }
    }

    /// The rule's id (named in rejections).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Which kinds the rule looks at.
    pub fn scope(&self) -> &RuleScope {
        &self.scope
    }

    /// Whether the rule looks at actions of this kind.
    pub fn applies_to(&self, kind: &str) -> bool {
        match &self.scope {
            RuleScope::All => true,
            RuleScope::Kinds(kinds) => kinds.contains(&kind),
        }
    }

    /// The same rule as a member of `group` (see [`RuleGroup`]).
    pub fn in_group(mut self, group: &RuleGroup) -> Self {
        self.group = Some(group.clone());
        self
    }

    /// The group the rule belongs to, if any.
    pub fn group(&self) -> Option<&RuleGroup> {
        self.group.as_ref()
    }

    /// The check itself, shared (the engine keeps a copy per action kind).
    pub(crate) fn checker(&self) -> &Arc<CheckFn> {
        &self.check
    }

    /// Runs the check.
    #[inline]
    pub fn check(&self, action: &AnyAction, origin: ActionOrigin, state: &GameState) -> RuleResult {
        (self.check)(action, origin, state)
    }
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule")
            .field("id", &self.id)
            .field("scope", &self.scope)
            .field("group", &self.group)
            .finish()
    }
}
