// The live line under a form of ipywidgets controls (cardlab/widgets/status.py): one polite
// role="status" region drawn once, whose words change, so each new view is announced once.

// a plain key (no Ctrl, Cmd or Alt; not Escape) stays in the form: JupyterLab handles single
// keys at the document ("a" adds a cell, an arrow moves to another cell)
const plain = (event) => !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== "Escape";

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "cardlab-status";
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  line.setAttribute("aria-atomic", "true");
  el.appendChild(line);
  let shown = -1;
  let timer = 0;
  const draw = () => {
    const view = model.get("view") || {};
    if (view.count === shown) return;
    shown = view.count;
    const text = String(view.text || "");
    line.setAttribute("data-tone", view.tone || "");
    line.setAttribute("data-count", String(view.count || 0));
    clearTimeout(timer);
    if (text && text === line.textContent) {
      // the same words again (the same wrong try): empty the region first, so the
      // repeated words are a change a screen reader announces
      line.textContent = "";
      timer = setTimeout(() => { line.textContent = text; }, 60);
    } else {
      line.textContent = text;
    }
  };
  draw();
  model.on("change:view", draw);

  const guard = (event) => { if (plain(event)) event.stopPropagation(); };
  let form = null;
  let waiting = 0;
  let tries = 0;
  // the line is put in its box after render: look for the box once it is in the page
  const find = () => {
    form = el.isConnected ? el.closest(".cardlab-form") : null;
    if (form) form.addEventListener("keydown", guard);
    else if (tries++ < 400) waiting = setTimeout(find, 50);
  };
  find();
  return () => {
    clearTimeout(timer);
    clearTimeout(waiting);
    model.off("change:view", draw);
    if (form) form.removeEventListener("keydown", guard);
  };
}

export default { render };
