//! Stone sounds made with WebAudio (no sound files to download). Silent where audio is not
//! available; never an error the player sees.

use std::cell::RefCell;

thread_local! {
    static CONTEXT: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// A short click for a stone; a lower, longer one when stones were captured.
pub fn stone(captured: bool) {
    if captured {
        tone(330.0, 0.18);
    } else {
        tone(880.0, 0.06);
    }
}

/// The clock's beep under a call-out: higher for the last seconds.
pub fn beep(urgent: bool) {
    tone(if urgent { 1320.0 } else { 990.0 }, 0.12);
}

fn tone(frequency: f32, length: f64) {
    let _ = CONTEXT.with(|cell| -> Option<()> {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = web_sys::AudioContext::new().ok();
        }
        let ctx = slot.as_ref()?;
        let osc = ctx.create_oscillator().ok()?;
        let gain = ctx.create_gain().ok()?;
        let t = ctx.current_time();
        osc.set_type(web_sys::OscillatorType::Triangle);
        osc.frequency().set_value(frequency);
        gain.gain().set_value_at_time(0.25, t).ok()?;
        gain.gain()
            .exponential_ramp_to_value_at_time(0.001, t + length)
            .ok()?;
        osc.connect_with_audio_node(&gain).ok()?;
        gain.connect_with_audio_node(&ctx.destination()).ok()?;
        osc.start().ok()?;
        osc.stop_with_when(t + length).ok()?;
        Some(())
    });
}
