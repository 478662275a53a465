//! [`Rule`]: a named check an action must pass before its handler runs.
//!
//! A rule checks one kind ([`Rule::for_action`]), several ([`Rule::for_kinds`]) or all
//! ([`Rule::new`]). The engine gives each action kind the list of its own rules, in
//! registration order (plugin order, then each plugin's order), once, when the game is
//! created: an action runs its kind's rules and no other.
//!
//! A later plugin may change an earlier plugin's rule by id, which is how house rules
//! are plugins and not forks: [`Rule::replacing`] puts a rule in another's place,
//! [`Rule::wrapping`] puts a check around it (the wrapper decides, and may ask the
//! original). Either way the rule keeps its place in the order, and rejections name the
//! rule id as always.

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::action::{Action, ActionOrigin, ActionRef};
use crate::state::GameState;

/// What a rule returns: `Ok(())` to let the action through, `Err(reason)` to reject it
/// with a sentence a player understands (`Err("…".into())` or `Err(format!(…).into())`).
/// Two words: it comes back in registers, which matters for a check run on every
/// action.
pub type RuleResult = Result<(), Box<str>>;

/// A check of actions of type `A`.
type TypedCheck<A> = Arc<dyn Fn(&A, ActionOrigin, &GameState) -> RuleResult + Send + Sync>;
/// A check of actions of any kind.
type AnyCheck = Arc<dyn Fn(ActionRef<'_>, ActionOrigin, &GameState) -> RuleResult + Send + Sync>;
/// The wrapped check, as a wrapper sees it.
pub type Inner<'a, A> = &'a dyn Fn(&A, ActionOrigin, &GameState) -> RuleResult;
/// A check around another check of actions of type `A`.
type TypedWrap<A> =
    Arc<dyn Fn(&A, ActionOrigin, &GameState, Inner<'_, A>) -> RuleResult + Send + Sync>;

/// Which action kinds a rule looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleScope {
    /// Every action.
    All,
    /// Only these kinds; the engine never calls the rule for others.
    Kinds(Vec<&'static str>),
}

/// What a rule does to the rules registered before it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Change {
    /// Nothing: a new rule, after the others.
    Add,
    /// Takes the place of this rule.
    Replace(Cow<'static, str>),
    /// Goes around this rule.
    Wrap(Cow<'static, str>),
}

/// A named check. Rules run in registration order and the first rejection stops the
/// action.
///
/// ```
/// use decklet_core::{Rule, PlayCard};
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
    change: Change,
    /// The check for any action of the scope.
    check: AnyCheck,
    /// For a rule of one Rust type: its `TypeId` and typed check or wrapper (a
    /// `TypedCheck<A>` or `TypedWrap<A>`), run without going through [`ActionRef`].
    typed: Option<(TypeId, Arc<dyn Any + Send + Sync>)>,
}

impl Rule {
    /// A rule that sees every action.
    pub fn new(
        id: impl Into<Cow<'static, str>>,
        check: impl Fn(ActionRef<'_>, ActionOrigin, &GameState) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        Rule {
            id: id.into(),
            scope: RuleScope::All,
            change: Change::Add,
            check: Arc::new(check),
            typed: None,
        }
    }

    /// A rule that sees only actions of some kinds.
    ///
    /// ```
    /// use decklet_core::{PLAY_CARD_ACTION, Rule};
    /// let rule = Rule::for_kinds("someoneActs", &[PLAY_CARD_ACTION, "END_TURN"], |action, _, _| {
    ///     match action.player_id() {
    ///         Some(_) => Ok(()),
    ///         None => Err("somebody must act".into()),
    ///     }
    /// });
    /// assert!(rule.applies_to("END_TURN"));
    /// ```
    pub fn for_kinds(
        id: impl Into<Cow<'static, str>>,
        kinds: &[&'static str],
        check: impl Fn(ActionRef<'_>, ActionOrigin, &GameState) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        Rule {
            scope: RuleScope::Kinds(kinds.to_vec()),
            ..Rule::new(id, check)
        }
    }

    /// A rule that sees only actions of type `A`, typed.
    pub fn for_action<A: Action>(
        id: impl Into<Cow<'static, str>>,
        check: impl Fn(&A, ActionOrigin, &GameState) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        let typed: TypedCheck<A> = Arc::new(check);
        let erased = Arc::clone(&typed);
        Rule {
            id: id.into(),
            scope: RuleScope::Kinds(vec![A::KIND]),
            change: Change::Add,
            check: Arc::new(
                move |action, origin, state| match action.downcast_ref::<A>() {
                    Some(action) => erased(action, origin, state),
                    None => Ok(()),
                },
            ),
            typed: Some((TypeId::of::<A>(), Arc::new(typed))),
        }
    }

    /// The same rule, put in the place of rule `target` (registered by an earlier
    /// plugin): for the kinds both look at it runs instead of `target`, where `target`
    /// ran; `target` is gone for the other kinds it looked at; a kind only this rule
    /// looks at gets it last. Its own id names its rejections (give it `target`'s id to
    /// keep the old name).
    ///
    /// ```
    /// use decklet_core::{PlayCard, Rule};
    /// // a house rule: any number of cards per play
    /// let rule = Rule::for_action::<PlayCard>("singleCard", |_, _, _| Ok(())).replacing("singleCard");
    /// assert_eq!(rule.replaces(), Some("singleCard"));
    /// ```
    pub fn replacing(mut self, target: impl Into<Cow<'static, str>>) -> Self {
        self.change = Change::Replace(target.into());
        self
    }

    /// A check around rule `target` (registered by an earlier plugin), for actions of
    /// type `A`: `wrap` gets the action and the original check, and decides. The rule
    /// keeps `target`'s id and place; for other kinds `target` is unchanged.
    ///
    /// ```
    /// use decklet_core::{PlayCard, Rule};
    /// // let anything through while a (hypothetical) frenzy is on; ask the original otherwise
    /// let rule = Rule::wrapping::<PlayCard>("canPlayCard", |play, origin, state, original| {
    ///     let frenzy = false;
    ///     if frenzy { Ok(()) } else { original(play, origin, state) }
    /// });
    /// assert_eq!((rule.id(), rule.wraps()), ("canPlayCard", Some("canPlayCard")));
    /// ```
    pub fn wrapping<A: Action>(
        target: impl Into<Cow<'static, str>>,
        wrap: impl Fn(&A, ActionOrigin, &GameState, Inner<'_, A>) -> RuleResult + Send + Sync + 'static,
    ) -> Self {
        let target = target.into();
        let wrap: TypedWrap<A> = Arc::new(wrap);
        Rule {
            id: target.clone(),
            scope: RuleScope::Kinds(vec![A::KIND]),
            change: Change::Wrap(target),
            // never run on its own: the registry composes it with the rule it wraps
            check: Arc::new(|_, _, _| Ok(())),
            typed: Some((TypeId::of::<A>(), Arc::new(wrap))),
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

    /// The rule this one replaces, if any.
    pub fn replaces(&self) -> Option<&str> {
        match &self.change {
            Change::Replace(target) => Some(target),
            _ => None,
        }
    }

    /// The rule this one wraps, if any.
    pub fn wraps(&self) -> Option<&str> {
        match &self.change {
            Change::Wrap(target) => Some(target),
            _ => None,
        }
    }

    /// The rule this one changes (replaces or wraps), if any.
    pub(crate) fn target(&self) -> Option<&str> {
        self.replaces().or(self.wraps())
    }

    /// Whether the rule looks at actions of this kind.
    pub fn applies_to(&self, kind: &str) -> bool {
        match &self.scope {
            RuleScope::All => true,
            RuleScope::Kinds(kinds) => kinds.contains(&kind),
        }
    }

    /// Runs the check on its own (a wrapper lets everything through when it has no
    /// rule to wrap).
    pub fn check(
        &self,
        action: ActionRef<'_>,
        origin: ActionOrigin,
        state: &GameState,
    ) -> RuleResult {
        (self.check)(action, origin, state)
    }
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule")
            .field("id", &self.id)
            .field("scope", &self.scope)
            .field("change", &self.change)
            .finish()
    }
}

/// One compiled check of an action kind `A`.
pub(crate) enum Check<A> {
    Typed(TypedCheck<A>),
    Any(AnyCheck),
}

impl<A> Clone for Check<A> {
    fn clone(&self) -> Self {
        match self {
            Check::Typed(f) => Check::Typed(Arc::clone(f)),
            Check::Any(f) => Check::Any(Arc::clone(f)),
        }
    }
}

impl<A: Action> Check<A> {
    #[inline]
    pub(crate) fn run(&self, action: &A, origin: ActionOrigin, state: &GameState) -> RuleResult {
        match self {
            Check::Typed(check) => check(action, origin, state),
            Check::Any(check) => check(ActionRef::of(action), origin, state),
        }
    }
}

/// The rules of kind `A`, in order, after every replacement and wrapper: what the
/// engine runs for each action of that kind.
pub(crate) fn rules_of<A: Action>(rules: &[Rule]) -> Vec<(Cow<'static, str>, Check<A>)> {
    let mut out: Vec<(Cow<'static, str>, Check<A>)> = Vec::new();
    for rule in rules {
        let applies = rule.applies_to(A::KIND);
        let check = || -> Option<Check<A>> {
            match &rule.typed {
                Some((type_id, typed)) if *type_id == TypeId::of::<A>() => typed
                    .downcast_ref::<TypedCheck<A>>()
                    .cloned()
                    .map(Check::Typed),
                _ => Some(Check::Any(Arc::clone(&rule.check))),
            }
        };
        match &rule.change {
            Change::Add => {
                if applies && let Some(check) = check() {
                    out.push((rule.id.clone(), check));
                }
            }
            Change::Replace(target) => {
                let at = out.iter().position(|(id, _)| id == target);
                match (at, applies.then(check).flatten()) {
                    (Some(at), Some(check)) => out[at] = (rule.id.clone(), check),
                    (Some(at), None) => {
                        out.remove(at);
                    }
                    (None, Some(check)) => out.push((rule.id.clone(), check)),
                    (None, None) => {}
                }
            }
            Change::Wrap(target) => {
                let wrapper = match &rule.typed {
                    Some((type_id, wrap)) if *type_id == TypeId::of::<A>() => {
                        wrap.downcast_ref::<TypedWrap<A>>().cloned()
                    }
                    _ => None,
                };
                if let (Some(wrapper), Some(at)) =
                    (wrapper, out.iter().position(|(id, _)| id == target))
                {
                    let inner = out[at].1.clone();
                    let wrapped: TypedCheck<A> = Arc::new(move |action, origin, state| {
                        wrapper(action, origin, state, &|a, o, s| inner.run(a, o, s))
                    });
                    out[at].1 = Check::Typed(wrapped);
                }
            }
        }
    }
    out
}
