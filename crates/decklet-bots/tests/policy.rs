//! Policy files: what they compute, and every way one is refused before a bot plays it.

use decklet_bots::policy::{EncodingRef, Layer, MAX_POLICY_LAYERS, MAX_POLICY_WEIGHTS, Scratch};
use decklet_bots::{Policy, PolicyError};

fn toy(observation_len: usize, action_count: usize) -> EncodingRef {
    EncodingRef {
        name: "toy".into(),
        version: 1,
        observation_len,
        action_count,
    }
}

fn dense(inputs: usize, outputs: usize, weights: Vec<f32>, bias: Vec<f32>) -> Layer {
    Layer::Dense {
        inputs,
        outputs,
        weights,
        bias,
    }
}

#[test]
fn a_policy_computes_its_layers_in_order_and_reads_back_from_its_text() {
    let layers = vec![
        Layer::Clip { max: 3.0 },
        Layer::Scale { factor: 2.0 },
        // row-major: input i's weight in output j at i × outputs + j
        dense(
            2,
            3,
            vec![1.0, 0.0, -1.0, 0.0, 1.0, 1.0],
            vec![0.0, 0.0, 1.0],
        ),
        Layer::Relu,
    ];
    let policy = Policy::new(toy(2, 2), layers).unwrap();
    let mut scratch = Scratch::default();
    // clip 5 → 3, ×2 → [6, 2]; dense → [6, 2, -6 + 2 + 1]; relu → [6, 2, 0]
    assert_eq!(policy.logits(&[5.0, 1.0], &mut scratch), [6.0, 2.0, 0.0]);
    let text = policy.to_json();
    assert!(
        text.starts_with(r#"{"format":"decklet-policy/1","encoding":{"name":"toy""#),
        "{text}"
    );
    let again = Policy::from_json(&text).unwrap();
    assert_eq!(again, policy);
    assert_eq!(again.logits(&[5.0, 1.0], &mut scratch), [6.0, 2.0, 0.0]);
}

#[test]
fn a_policy_that_does_not_hold_together_is_refused() {
    let shape = |encoding: EncodingRef, layers: Vec<Layer>| match Policy::new(encoding, layers) {
        Err(PolicyError::Shape(message)) => message,
        other => panic!("{other:?}"),
    };
    // the logits are one an action index and one for wait
    let m = shape(toy(2, 2), vec![dense(2, 2, vec![0.0; 4], vec![0.0; 2])]);
    assert!(
        m.contains("gives 2 logits") && m.contains("3 action indices"),
        "{m}"
    );
    let m = shape(toy(2, 2), vec![dense(3, 3, vec![0.0; 9], vec![0.0; 3])]);
    assert!(m.contains("reads 3 values, given 2"), "{m}");
    let m = shape(toy(2, 2), vec![dense(2, 3, vec![0.0; 5], vec![0.0; 3])]);
    assert!(m.contains("5 weights and 3 biases for 2×3"), "{m}");
    let m = shape(
        toy(2, 2),
        vec![dense(2, 3, vec![f32::NAN; 6], vec![0.0; 3])],
    );
    assert!(m.contains("not a finite number"), "{m}");
    let m = shape(
        toy(2, 2),
        vec![Layer::Scale {
            factor: f32::INFINITY,
        }],
    );
    assert!(m.contains("scale by inf"), "{m}");
    // limits, checked before the weights are read
    let m = shape(
        toy(3_000, 2_000),
        vec![dense(3_000, 2_001, Vec::new(), Vec::new())],
    );
    assert!(
        m.contains(&format!("more than {MAX_POLICY_WEIGHTS} weights")),
        "{m}"
    );
    let m = shape(toy(2, 1), vec![Layer::Relu; MAX_POLICY_LAYERS + 1]);
    assert!(m.contains(&format!("at most {MAX_POLICY_LAYERS}")), "{m}");
    let huge = dense(usize::MAX, 2, Vec::new(), Vec::new());
    let m = shape(toy(usize::MAX, 1), vec![huge]);
    assert!(m.contains("weights"), "{m}");
}

#[test]
fn a_file_that_is_not_a_policy_is_refused_with_what_it_is() {
    let refused = |text: &str| match Policy::from_json(text) {
        Err(PolicyError::Json(message)) => message,
        other => panic!("{text}: {other:?}"),
    };
    assert!(refused("not json").contains("expected"));
    let m = refused(
        r#"{"format": "decklet-policy/9", "encoding": {"name": "toy", "version": 1, "observationLen": 1, "actionCount": 0}, "layers": []}"#,
    );
    assert!(m.contains("format `decklet-policy/9`"), "{m}");
    let m = refused(
        r#"{"format": "decklet-policy/1", "encoding": {"name": "toy", "version": 1, "observationLen": 1, "actionCount": 0}, "layers": [{"op": "softmax"}]}"#,
    );
    assert!(m.contains("softmax"), "{m}");
    // a hostile text is echoed escaped and cut
    let m = refused(&format!(
        "{{\"format\": \"\u{1b}[31m{}\"",
        "x".repeat(5_000)
    ));
    assert!(!m.contains('\u{1b}') && m.len() < 300, "{m}");
}

/// The shapes of a file are read before its numbers: a list of more numbers than a
/// policy may hold, or more layers, is refused while it is being counted, before any
/// number is kept (the whole file's read would say how many it held).
#[test]
fn a_file_of_too_many_numbers_is_refused_before_they_are_read() {
    let head = r#"{"format": "decklet-policy/1", "encoding": {"name": "toy", "version": 1, "observationLen": 2, "actionCount": 1}, "layers": "#;
    let numbers = vec!["0"; MAX_POLICY_WEIGHTS + 1].join(",");
    let text = format!(
        r#"{head}[{{"op": "dense", "inputs": 2, "outputs": 2, "weights": [{numbers}], "bias": [0, 0]}}]}}"#
    );
    let m = Policy::from_json(&text).unwrap_err().to_string();
    assert!(
        m.contains(&format!("a list of more than {MAX_POLICY_WEIGHTS} numbers")),
        "{m}"
    );
    // many lists, each within the limit, add up past it
    let (inputs, outputs) = (1_000, MAX_POLICY_WEIGHTS / 2_000 + 1);
    let half = vec!["0"; inputs * outputs].join(",");
    let bias = vec!["0"; outputs].join(",");
    let layer = format!(
        r#"{{"op": "dense", "inputs": {inputs}, "outputs": {outputs}, "weights": [{half}], "bias": [{bias}]}}"#
    );
    let text = format!("{head}[{layer}, {layer}]}}");
    let m = Policy::from_json(&text).unwrap_err().to_string();
    assert!(
        m.contains(&format!("more than {MAX_POLICY_WEIGHTS} weights")),
        "{m}"
    );
    let relus = vec![r#"{"op": "relu"}"#; MAX_POLICY_LAYERS + 1].join(",");
    let m = Policy::from_json(&format!("{head}[{relus}]}}"))
        .unwrap_err()
        .to_string();
    assert!(
        m.contains(&format!("more than {MAX_POLICY_LAYERS} layers")),
        "{m}"
    );
}
