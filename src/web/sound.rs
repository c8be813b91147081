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

/// Makes the sound's context ahead of the first stone, once the frame being drawn is painted:
/// a browser takes tens of milliseconds to make one (52 ms at a slow Chromebook's speed),
/// which the first stone's paint would otherwise wait for. Called when a game screen opens.
pub fn prepare() {
    super::after_paint(|| {
        context();
    });
}

/// The page's one sound context, made the first time it is asked for (`None` where the browser
/// has no WebAudio).
fn context() -> Option<web_sys::AudioContext> {
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = web_sys::AudioContext::new().ok();
        }
        slot.clone()
    })
}

/// Plays a tone after the frame being drawn is painted (a stone shows first). Called in the
/// player's click, so a context the browser made suspended (one made outside a gesture, as
/// Safari does) is resumed here, where the gesture allows it.
fn tone(frequency: f32, length: f64) {
    let Some(ctx) = context() else {
        return;
    };
    if ctx.state() == web_sys::AudioContextState::Suspended {
        let _ = ctx.resume();
    }
    super::after_paint(move || {
        let _ = play(&ctx, frequency, length);
    });
}

fn play(ctx: &web_sys::AudioContext, frequency: f32, length: f64) -> Option<()> {
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
}
