"""Placeholder PyScript entry point.

It only proves that the runtime boots: it marks the page ready (the hook the
end-to-end tests wait for) and replaces the loading state in #app.
The UI engineer replaces this file with the real user interface.
"""

from pyscript import document

document.getElementById("app").textContent = "Python ready"
document.documentElement.setAttribute("data-ready", "true")
