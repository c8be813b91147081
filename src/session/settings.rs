//! The player's settings (stored as they are) and the UI language they name.

use serde::{Deserialize, Serialize};

/// The UI language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    /// The language from a browser language tag: Chinese for `zh*`, English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The BCP 47 tag for `lang` attributes and speech.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

/// The player's settings.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Settings {
    pub lang: Option<String>,
    pub dark: bool,
    pub sound: bool,
    pub move_numbers: bool,
    /// Tap to preview, tap again to play. `None`: on for touch screens.
    pub touch_confirm: Option<bool>,
    pub coordinates: bool,
    /// A beep under the clock's call-outs.
    #[serde(default)]
    pub beep: bool,
    /// The player was told once that this browser may clear its storage.
    #[serde(default)]
    pub storage_warned: bool,
    /// The high-contrast theme (the system's "more contrast" turns it on as well).
    #[serde(default)]
    pub high_contrast: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lang: None,
            dark: false,
            sound: true,
            move_numbers: false,
            touch_confirm: None,
            coordinates: true,
            beep: false,
            storage_warned: false,
            high_contrast: false,
        }
    }
}

impl Settings {
    pub fn lang(&self) -> Option<Lang> {
        self.lang.as_deref().map(Lang::from_tag)
    }
}
