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
            .finish()
    }
}
