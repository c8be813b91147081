//! 题海 (issue 53): problems without end, made from our own games.
pub mod exercise;
pub mod frame;
pub mod grade;
pub mod make;
pub mod scan;
pub mod technique;
pub mod words;
