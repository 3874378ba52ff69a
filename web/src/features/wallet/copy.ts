/** Copies text; falls back to a hidden textarea where the Clipboard API is missing or refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    // oxlint-disable-next-line typescript/no-deprecated -- the only fallback for old WebViews
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}
