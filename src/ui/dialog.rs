//! A confirmation as a modal dialog that takes the keyboard: focus moves to its first button
//! when it opens, Tab and Shift+Tab stay inside it, Escape answers no, and focus goes back to
//! where it came from when it closes (WAI-ARIA's alertdialog pattern).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn active_element() -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .active_element()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// A question with two answers. `on_yes`/`on_no` run once, and the caller closes it.
#[component]
pub fn Confirm(
    /// The question, read by screen readers as the dialog's name.
    text: String,
    yes: String,
    no: String,
    on_yes: Callback<()>,
    on_no: Callback<()>,
) -> impl IntoView {
    // Where focus was before the dialog opened (a button, or a cell of the board's grid,
    // which is SVG), to give it back.
    let opener = send_wrapper::SendWrapper::new(
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element()),
    );
    on_cleanup(move || {
        if let Some(el) = opener.take() {
            if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
                let _ = h.focus();
            } else if let Some(s) = el.dyn_ref::<web_sys::SvgElement>() {
                let _ = s.focus();
            }
        }
    });
    // Its first button takes the keyboard once it is drawn (by id, as every screen's first
    // action is focused: no node reference, whose machinery the app shell would carry).
    crate::web::focus_first(".dialog");
    let on_key = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "Escape" => {
            ev.prevent_default();
            ev.stop_propagation();
            on_no.run(());
        }
        "Tab" => {
            // Two buttons: Tab from either goes to the other.
            ev.prevent_default();
            let on_yes_now = active_element().is_some_and(|a| a.id() == "dialog-yes");
            crate::ui::focus_by_id(if on_yes_now {
                "dialog-no"
            } else {
                "dialog-yes"
            });
        }
        _ => {}
    };
    let label = text.clone();
    view! {
        <div class="dialog-backdrop">
            <div class="dialog" role="alertdialog" aria-modal="true" aria-label=label on:keydown=on_key>
                <p>{text}</p>
                <div class="row">
                    <button id="dialog-yes" class="primary" data-first="" on:click=move |_| on_yes.run(())>{yes}</button>
                    <button id="dialog-no" on:click=move |_| on_no.run(())>{no}</button>
                </div>
            </div>
        </div>
    }
}
