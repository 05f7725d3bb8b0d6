//! Options: declared with allowed values and a default, chosen with `--option NAME=VALUE`.

use std::sync::Arc;

use super::errors::CheckError;
use super::load::Layer;
use super::ruleset::OptionInfo;
use crate::lang::diagnostic::did_you_mean;
use crate::lang::syntax::{Spanned, StatementKind, Value};
use crate::lang::{Diagnostic, SourceFile};

/// Whether `value` is one of `allowed` (a range allows every number in it).
pub fn allows(allowed: &[Value], value: &Value) -> bool {
    allowed.iter().any(|a| match (a, value) {
        (Value::Range(lo, hi), Value::Int(n)) => (*lo.min(hi)..=*lo.max(hi)).contains(n),
        _ => a == value,
    })
}

pub fn list(allowed: &[Value]) -> String {
    allowed
        .iter()
        .map(|v| format!("`{v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses a value typed on the command line.
pub fn parse_value(text: &str) -> Value {
    match text.parse::<u32>() {
        Ok(n) => Value::Int(n),
        Err(_) => Value::Word(text.to_string()),
    }
}

/// Collects the options declared along the chain (a later declaration replaces an earlier one)
/// and applies the values chosen on the command line.
pub fn resolve(
    layers: &[Layer],
    chosen: &[(String, String)],
    diags: &mut Vec<Diagnostic>,
) -> Vec<OptionInfo> {
    let mut options: Vec<OptionInfo> = Vec::new();
    for layer in layers {
        for stmt in &layer.ast.statements {
            let StatementKind::Option {
                name,
                values,
                default,
            } = &stmt.kind
            else {
                continue;
            };
            if stmt.condition.is_some() {
                diags.push(Diagnostic::new(
                    &layer.file,
                    CheckError::ConditionalNotAllowed {
                        span: stmt.span.clone().into(),
                        what: "option".into(),
                        statement: super::merge::written(layer, &stmt.span),
                    },
                ));
                continue;
            }
            let allowed: Vec<Value> = values.iter().map(|v| v.value.clone()).collect();
            if !allows(&allowed, &default.value) {
                diags.push(Diagnostic::new(
                    &layer.file,
                    CheckError::BadOptionDefault {
                        span: default.span.clone().into(),
                        value: default.value.to_string(),
                        help: format!("the default must be one of {}", list(&allowed)),
                    },
                ));
            }
            let info = OptionInfo {
                name: name.value.clone(),
                allowed,
                default: default.value.clone(),
                chosen: default.value.clone(),
            };
            match options.iter_mut().find(|o| o.name == info.name) {
                Some(o) => *o = info,
                None => options.push(info),
            }
        }
    }
    for (k, (name, value)) in chosen.iter().enumerate() {
        let text = format!("--option {name}={value}");
        let file = SourceFile::new("<command line>", text.clone());
        let name_span = Spanned::new((), 9..9 + name.len());
        let value_span = 10 + name.len()..text.len();
        if chosen[..k].iter().any(|(n, _)| n == name) {
            diags.push(Diagnostic::new(
                &file,
                CheckError::OptionTwice {
                    span: name_span.span.into(),
                    name: name.clone(),
                },
            ));
            continue;
        }
        match options.iter_mut().find(|o| &o.name == name) {
            None => diags.push(unknown_option(&file, name, name_span.span, &options)),
            Some(o) => {
                let v = parse_value(value);
                if allows(&o.allowed, &v) {
                    o.chosen = v;
                } else {
                    diags.push(bad_value(&file, &o.name, &v, value_span, &o.allowed));
                }
            }
        }
    }
    options
}

/// The values option `name` allows as seen by layer `index` of the chain: its last declaration in
/// that file or one it extends. A parent's `when` is judged by the parent's own declaration, so
/// that a child may narrow an option without breaking the rules it inherits.
pub fn allowed_at(layers: &[Layer], name: &str, index: usize) -> Option<Vec<Value>> {
    layers[..=index]
        .iter()
        .flat_map(|layer| &layer.ast.statements)
        .filter(|stmt| stmt.condition.is_none())
        .filter_map(|stmt| match &stmt.kind {
            StatementKind::Option {
                name: n, values, ..
            } if n.value == name => Some(values.iter().map(|v| v.value.clone()).collect()),
            _ => None,
        })
        .next_back()
}

pub fn unknown_option(
    file: &Arc<SourceFile>,
    name: &str,
    span: std::ops::Range<usize>,
    options: &[OptionInfo],
) -> Diagnostic {
    let guess = did_you_mean(name, options.iter().map(|o| o.name.as_str()));
    let help = if options.is_empty() {
        "this rule set has no options".to_string()
    } else {
        match &guess {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the options are: {}",
                options
                    .iter()
                    .map(|o| format!("`{}`", o.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    };
    let d = Diagnostic::new(
        file,
        CheckError::UnknownOption {
            span: span.clone().into(),
            name: name.into(),
            help,
        },
    );
    match guess {
        Some(s) => d.suggesting(span, s),
        None => d,
    }
}

pub fn bad_value(
    file: &Arc<SourceFile>,
    name: &str,
    value: &Value,
    span: std::ops::Range<usize>,
    allowed: &[Value],
) -> Diagnostic {
    let mut help = format!("`{name}` takes {}", list(allowed));
    let guess = match value {
        Value::Word(w) => did_you_mean(
            w,
            allowed.iter().filter_map(|a| match a {
                Value::Word(x) => Some(x.as_str()),
                _ => None,
            }),
        ),
        _ => None,
    };
    if let Some(s) = &guess {
        help = format!("did you mean `{s}`? {help}");
    }
    let d = Diagnostic::new(
        file,
        CheckError::BadOptionValue {
            span: span.clone().into(),
            name: name.into(),
            value: value.to_string(),
            help,
        },
    );
    match guess {
        Some(s) => d.suggesting(span, s),
        None => d,
    }
}
