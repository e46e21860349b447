/** Saves text as a file through the browser's download: an object URL on a temporary link, released after use. */
export function downloadText(fileName: string, content: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Released on the next turn so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The file name of an exported theme: its name with spaces as underscores, plus .mgscene (spec-2 §3 Theme file). */
export function sceneFileName(themeName: string): string {
  return `${themeName.replace(/ /g, '_')}.mgscene`;
}
