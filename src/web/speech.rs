//! Spoken call-outs with the Web Speech API. Where no voice exists (or speech fails) nothing
//! is said and nothing is shown as an error: the call-outs are on screen anyway.

/// Says `text` in the language `tag` (e.g. `zh-CN`), cutting off what was still being said.
pub fn say(text: &str, tag: &str) {
    // An engine without the API (some WebKit builds, old Firefox on Linux) has no
    // `speechSynthesis` at all: the getter gives `undefined`, and calling into it would throw.
    let Some(synth) = web_sys::window()
        .and_then(|w| w.speech_synthesis().ok())
        .filter(|s| !s.is_undefined() && !s.is_null())
    else {
        return;
    };
    let Ok(utterance) = web_sys::SpeechSynthesisUtterance::new_with_text(text) else {
        return;
    };
    utterance.set_lang(tag);
    utterance.set_rate(1.1);
    synth.cancel();
    synth.speak(&utterance);
}
