// The share dialog's QR code: segno, installed by micropip from the build's own wheel on first
// use (never at boot), then asked for a code's rows.
//
//   createQrRows(call) → qrRows(text): the worker's answer ({ok, rows} or a refusal)

const QR_WHEEL = /^wheels\/segno-[^/]+\.whl$/;

export function createQrRows(call) {
  let qrReady = null;
  return async function qrRows(text) {
    if (!qrReady) {
      qrReady = (async () => {
        const manifest = await fetch(new URL("../../../build.json", import.meta.url)).then((r) => r.json());
        const wheel = Object.keys(manifest.files).find((f) => QR_WHEEL.test(f));
        if (!wheel) return { ok: false, error: { code: "qr_unavailable", message: "segno is missing from the build." } };
        return call("install", { wheels: [wheel] });
      })();
    }
    const installed = await qrReady;
    if (!installed || !installed.ok) { qrReady = null; return installed; }
    return call("qr", { text });
  };
}
