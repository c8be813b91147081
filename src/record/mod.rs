pub mod diagram;
pub mod marks;
pub mod points;
pub mod replay;
pub mod sgf;
pub mod share;
pub mod tree;

/// A number given in tenths written with one decimal, `125` → `12.5`, `-5` → `-0.5`: integer
/// arithmetic only, so the app's wasm carries no float formatting.
pub fn tenths_string(tenths: i64) -> String {
    let sign = if tenths < 0 { "-" } else { "" };
    let t = tenths.unsigned_abs();
    format!("{sign}{}.{}", t / 10, t % 10)
}

#[cfg(test)]
mod tests {
    #[test]
    fn tenths_are_written_with_one_decimal() {
        assert_eq!(super::tenths_string(125), "12.5");
        assert_eq!(super::tenths_string(0), "0.0");
        assert_eq!(super::tenths_string(-5), "-0.5");
        assert_eq!(super::tenths_string(30), "3.0");
    }
}
