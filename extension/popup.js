// The extension's popup: runs pith in the open tab (content.js, injected on the click: the activeTab
// permission, no access to any page before), shows the Markdown and copies it to the clipboard.
// `popup.html?tab=ID` reads tab ID instead of the active one (the tests open the popup as a page).

const status = document.getElementById('status');
const markdown = document.getElementById('markdown');
const copyButton = document.getElementById('copy');
const downloadButton = document.getElementById('download');

async function targetTab() {
  const requested = new URLSearchParams(location.search).get('tab');
  if (requested !== null) return Number(requested);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab.id;
}

async function copy() {
  try {
    await navigator.clipboard.writeText(markdown.value);
    return true;
  } catch {
    return false;
  }
}

async function run() {
  const tabId = await targetTab();
  await chrome.scripting.executeScript({ target: { tabId }, files: ['content.js'] });
  const [{ result }] = await chrome.scripting.executeScript({
    target: { tabId },
    func: () => globalThis.pithPageToMarkdown(),
  });
  if (result.error !== undefined) throw new Error(result.error);
  markdown.value = result.markdown;
  document.body.dataset.done = 'true';
  copyButton.disabled = false;
  downloadButton.disabled = false;
  const copied = await copy();
  status.textContent = `${result.title || 'Untitled'}: ${result.markdown.length.toLocaleString()} characters${
    copied ? ', copied' : ''
  } (quality ${result.quality ?? '–'})`;
  downloadButton.onclick = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([result.markdown], { type: 'text/markdown' }));
    link.download = `${(result.title || 'page').replace(/[\\/:*?"<>|]+/g, ' ').slice(0, 80)}.md`;
    link.click();
  };
}

copyButton.onclick = async () => {
  status.textContent = (await copy()) ? 'Copied to the clipboard' : 'The clipboard refused: select and copy';
};

run().catch((error) => {
  status.textContent = `pith could not read this page: ${error.message}`;
  document.body.dataset.done = 'error';
});
