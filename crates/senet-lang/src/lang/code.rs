//! Diagnostic codes as a type: every error (`E...`) and warning (`W...`) the checker gives.
//! Each error and warning enum says the code of each of its variants ([`Coded`]) by a match
//! the compiler holds exhaustive, and the error index has one entry per code, in this order.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Declares [`Code`] from its variants, so that each is named once: its text is its name.
macro_rules! codes {
    ($($code:ident),* $(,)?) => {
        /// A stable diagnostic code, such as `E101`: `E` for an error, `W` for a warning.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $($code,)*
        }

        impl Code {
            /// Every code, in order.
            pub const ALL: &[Code] = &[$(Code::$code,)*];

            /// The code as it is written: `E101`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => stringify!($code),)*
                }
            }
        }
    };
}

codes! {
    E001, E002, E003, E004, E005, E006, E007, E008, E009, E010,
    E101, E102, E103, E104, E105, E106, E107,
    E110, E111, E112, E113,
    E120, E121, E122, E123, E124, E125, E126, E127, E128, E129,
    E130, E131, E132, E133, E134, E135, E136, E137, E138,
    E140, E141, E142, E143, E144, E145, E146, E147,
    E150, E151, E152,
    E170, E171, E172, E173, E174, E175, E176, E177, E178, E179, E180,
    E181, E182, E183, E184, E185, E186, E187, E188, E189,
    E190, E191, E192, E193, E194, E195, E196, E197, E198, E199,
    E200, E201, E202, E203, E204, E205, E206,
    W001, W002, W003, W004,
}

impl Code {
    /// Whether the code is a warning's.
    pub const fn is_warning(self) -> bool {
        self.as_str().as_bytes()[0] == b'W'
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is no diagnostic's code.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("no diagnostic has the code `{0}`")]
pub struct UnknownCode(pub String);

/// Reads a code whatever its case (`w001` is `W001`), as people type it.
impl FromStr for Code {
    type Err = UnknownCode;

    fn from_str(s: &str) -> Result<Code, UnknownCode> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownCode(s.to_string()))
    }
}

/// An error or a warning of the checker: what miette shows of it, and its code.
pub trait Coded: miette::Diagnostic {
    fn code(&self) -> Code;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_in_order_and_read_back() {
        assert!(Code::ALL.is_sorted(), "codes are declared in order");
        for &code in Code::ALL {
            let text = code.as_str();
            assert!(text.len() == 4 && text.starts_with(['E', 'W']), "{text}");
            assert!(text[1..].bytes().all(|b| b.is_ascii_digit()), "{text}");
            assert_eq!(text.parse(), Ok(code));
            assert_eq!(text.to_ascii_lowercase().parse(), Ok(code));
            assert_eq!(code.to_string(), text);
            assert_eq!(code.is_warning(), text.starts_with('W'));
        }
    }

    #[test]
    fn an_unknown_code_is_refused() {
        for text in ["E160", "E1010", "", "W", "e 101"] {
            assert_eq!(text.parse::<Code>(), Err(UnknownCode(text.to_string())));
        }
    }
}
