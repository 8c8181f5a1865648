import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Doc, NodeKind, parseHtml, type Selection, TAG } from '../../../packages/pith/src/dom/index.js';
import { isPithError } from '../../../packages/pith/src/errors.js';
import {
  analysePage,
  CUTER_DEFAULTS,
  type CuterDiagnostics,
  type CuterOptions,
  cuter,
  decide,
} from '../../../packages/pith/src/extractors/cuter/index.js';
import { describeMedia } from '../../../packages/pith/src/extractors/cuter/media.js';
import { extract } from '../../../packages/pith/src/index.js';

/** The paper's algorithm with nothing of ours switched on: no minTP, no reach limit, no formatting weight. */
const PLAIN: Partial<CuterOptions> = {
  minTpRule: 'fixed',
  minTp: 0,
  maxGap: 0,
  formattingWeight: 0,
  dropShare: 1,
  al: 0.5,
  fill: true,
};

function keptText(doc: Doc, selection: Selection): string {
  const parts: string[] = [];
  for (let node = 0; node < doc.size; node++) {
    if (selection.has(node) && doc.kind(node) === NodeKind.Text && !doc.columns.hidden[node])
      parts.push(doc.text(node));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

function run(html: string, options: Partial<CuterOptions> = {}, title?: string) {
  const doc = parseHtml(html, { url: 'https://example.com/news/story.html' });
  const extraction = cuter.extract(doc, options, title === undefined ? {} : { title });
  return { doc, extraction, diagnostics: extraction.diagnostics, text: keptText(doc, extraction.selection) };
}

function nodeInfo(diagnostics: CuterDiagnostics, doc: Doc, text: string) {
  const info = diagnostics.nodes.find((node) => doc.textContent(node.node).startsWith(text));
  assert.ok(info, `no diagnostics node starting with "${text}"`);
  return info;
}

const x = (n: number, letter = 'x') => letter.repeat(n);

describe('cuter: the measures (SLx, SAx, LP, TP, IX)', () => {
  test('SL, SA, LP and TP of each text unit, by hand', () => {
    // Units: p1 "aaaa" + link "bbbb" (SL 8, SA 4), p2 ten c's (SL 10). SH = 18.
    const { doc, diagnostics } = run(
      `<body><div><p>aaaa <a href="/x">bbbb</a></p><p>${x(10, 'c')}</p></div></body>`,
      PLAIN,
    );
    assert.equal(diagnostics.sh, 18);
    const p1 = nodeInfo(diagnostics, doc, 'aaaa');
    assert.deepEqual([p1.sl, p1.sa, p1.lp], [8, 4, 0.5]);
    const p2 = nodeInfo(diagnostics, doc, 'cccc');
    assert.deepEqual([p2.sl, p2.sa, p2.lp], [10, 0, 0]);
    assert.equal(p2.tp, Math.round((10 / 18) * 1e6) / 1e6);
  });

  test('empty nodes are deleted first: IX numbers only the non-empty elements, depth-first from 1', () => {
    const { doc, diagnostics } = run(
      '<body><div></div><p>one</p><span> </span><br><p>two <b>bold</b></p><img src="a.png"></body>',
      PLAIN,
    );
    // body 1; empty div, span and br get no IX; p 2; p 3; its b 4; the image (media, not empty) 5.
    assert.equal(nodeInfo(diagnostics, doc, 'one').ix, 2);
    assert.equal(nodeInfo(diagnostics, doc, 'two').ix, 3);
    const image = diagnostics.nodes.find((node) => node.tag === 'img');
    assert.equal(image?.ix, 5);
    assert.equal(diagnostics.classCounts.empty, 3);
  });

  test('sizes in characters by default, in UTF-8 bytes on request', () => {
    const html = '<body><p>héllo wörld</p></body>';
    assert.equal(run(html, PLAIN).diagnostics.sh, 11);
    assert.equal(run(html, { ...PLAIN, sizeUnit: 'bytes' }).diagnostics.sh, 13);
  });

  test('the units partition the page text: their SL add up to SH', () => {
    const { diagnostics } = run(
      '<body>loose text <div>div text <p>para <a href="#">link</a></p> tail</div><ul><li>one</li><li>two</li></ul></body>',
      { ...PLAIN, maxLp: 1.1 },
    );
    const units = diagnostics.nodes.filter((node) => node.class === 'information-text');
    assert.equal(
      units.reduce((sum, unit) => sum + unit.sl, 0),
      diagnostics.sh,
    );
  });
});

describe('cuter: link percentage (maxLP)', () => {
  test('an LP of exactly 0.5 is dropped with its children; just under 0.5 is kept', () => {
    // 60 + 60 link characters: LP = 0.5. 60 + 59: LP = 0.496, and TP above TP(300)/3, so it joins.
    const page = (links: number) =>
      `<body><p>${x(300)}</p><div><p>${x(60, 'a')} <a href="/x">${x(links, 'b')}</a></p></div></body>`;
    const exact = run(page(60), PLAIN);
    const dropped = nodeInfo(exact.diagnostics, exact.doc, 'aaa');
    assert.deepEqual([dropped.sl, dropped.sa, dropped.lp, dropped.class], [120, 60, 0.5, 'navigation']);
    assert.ok(!exact.text.includes('aaa'));
    const under = run(page(59), PLAIN);
    assert.equal(nodeInfo(under.diagnostics, under.doc, 'aaa').class, 'information-text');
    assert.ok(under.text.includes(`${x(60, 'a')} ${x(59, 'b')}`));
  });

  test('a link inside a paragraph is part of its unit, not dropped alone', () => {
    const { text } = run(`<body><p>${x(300)} <a href="/y">a link</a> more</p></body>`, PLAIN);
    assert.ok(text.includes('a link more'));
  });

  test('a link-heavy container goes with its children, even a paragraph without links', () => {
    const html = `<body><p>${x(300)}</p><div class="box"><p>${x(20, 'q')}</p><a href="/1">${x(30, 'l')}</a></div><p>${x(300, 'y')}</p></body>`;
    const { doc, diagnostics, text } = run(html, PLAIN);
    const box = diagnostics.nodes.find((node) => doc.attr(node.node, 'class') === 'box');
    assert.equal(box?.class, 'navigation');
    assert.ok(!text.includes('qqq'));
    assert.ok(text.includes('xxx') && text.includes('yyy'));
  });

  test('dropShare guards a container that holds most of the page text', () => {
    // The wrapper's LP is 0.6, but it holds all of the page's non-link text.
    const html = `<body><div id="wrap"><p>${x(200)}</p><a href="/1">${x(300, 'l')}</a></div></body>`;
    assert.equal(run(html, { ...PLAIN, dropShare: 1 }).text, '');
    assert.ok(run(html, { ...PLAIN, dropShare: 0.5 }).text.startsWith('xxx'));
  });

  test('form controls are navigation', () => {
    const html = `<body><p>${x(200)}</p><select><option>${x(50, 'o')}</option></select></body>`;
    const { doc, diagnostics, text } = run(html, PLAIN);
    assert.equal(diagnostics.nodes.find((node) => doc.tagName(node.node) === 'select')?.class, 'navigation');
    assert.ok(!text.includes('ooo'));
  });
});

describe('cuter: minTP rules', () => {
  // Three units: 100, 50 and 10 characters; SH = 160.
  const html = `<body><p>${x(100)}</p><p>${x(50, 'y')}</p><p>${x(10, 'z')}</p></body>`;
  const threshold = (options: Partial<CuterOptions>) => run(html, { ...PLAIN, ...options }).diagnostics.minTp;

  test('fixed: minTP is the value', () => assert.equal(threshold({ minTpRule: 'fixed', minTp: 0.2 }), 0.2));
  test('chars: minTP = value / SH', () =>
    assert.equal(threshold({ minTpRule: 'chars', minTp: 40 }), 40 / 160));
  test('mean: minTP = value × 1 / number of units', () =>
    assert.equal(threshold({ minTpRule: 'mean', minTp: 1.5 }), 1.5 / 3));
  test('max: minTP = value × the highest TP', () =>
    assert.equal(threshold({ minTpRule: 'max', minTp: 0.5 }), 0.5 * (100 / 160)));
  test('valid needs TP strictly above minTP', () => {
    const { doc, diagnostics } = run(html, { ...PLAIN, minTpRule: 'chars', minTp: 50 });
    assert.equal(nodeInfo(diagnostics, doc, 'yyy').valid, false);
    assert.equal(nodeInfo(diagnostics, doc, 'xxx').valid, true);
  });
});

describe('cuter: neighbour merging', () => {
  // Seed 300 characters: a neighbour joins when its TP is above TP(seed)/3, i.e. 100 characters.
  const page = (middle: number) =>
    `<body><div><p>${x(300)}</p><div>${x(middle, 'm')}</div><div>${x(120, 'n')}</div></div></body>`;

  test('a neighbour just under TP(nk)/3 stays out of the group, one just over joins', () => {
    const under = run(page(99), PLAIN);
    const group = under.diagnostics.groups[under.diagnostics.article];
    assert.equal(group.members.length, 2, 'the 300 and the 120');
    assert.equal(nodeInfo(under.diagnostics, under.doc, 'mmm').group, -1);
    const over = run(page(101), PLAIN);
    assert.equal(over.diagnostics.groups[over.diagnostics.article].members.length, 3);
  });

  test('without fill only the members are kept; with fill everything between them', () => {
    assert.ok(!run(page(99), { ...PLAIN, fill: false }).text.includes('mmm'));
    assert.ok(run(page(99), { ...PLAIN, fill: true }).text.includes('mmm'));
  });

  test('the merge divisor is a parameter (divisor 4: 75 characters join)', () => {
    const result = run(page(80), { ...PLAIN, mergeDivisor: 4 });
    assert.equal(result.diagnostics.groups[result.diagnostics.article].members.length, 3);
  });

  test('formatting density: a formatted neighbour counts TP × (1 + weight)', () => {
    const html = `<body><div><p>${x(300)}</p><div><b>${x(60, 'f')}</b></div><div>${x(60, 'u')}</div></div></body>`;
    const plain = run(html, { ...PLAIN, fill: false });
    assert.ok(!plain.text.includes('fff') && !plain.text.includes('uuu'));
    // 60 × (1 + 1) = 120 > 100: the bold one joins, the unformatted one does not.
    const weighted = run(html, { ...PLAIN, fill: false, formattingWeight: 1 });
    assert.ok(weighted.text.includes('fff'));
    assert.ok(!weighted.text.includes('uuu'));
    assert.equal(nodeInfo(weighted.diagnostics, weighted.doc, 'fff').formatting, 1);
  });

  test('maxGap: neighbours further than maxGap node ids are not near', () => {
    // Eight link-free, empty-of-text spans with images between the parts: 8 non-empty elements.
    const spacer = '<span><img src="i.png"></span>'.repeat(4);
    const html = `<body><p>${x(300)}</p>${spacer}<p>${x(300, 'y')}</p></body>`;
    assert.ok(run(html, { ...PLAIN, maxGap: 20 }).text.includes('yyy'));
    const near = run(html, { ...PLAIN, maxGap: 4 });
    assert.ok(!near.text.includes('yyy'));
    assert.equal(near.diagnostics.groups.length, 2);
  });
});

describe('cuter: the article group (AL) and comments', () => {
  const article = [1, 2, 3].map((n) => `<p>${x(200, String.fromCharCode(96 + n))}</p>`).join('');
  // Twelve comments of 60 characters: 720 in all, more than the article's 600; each is under 200/3.
  const comments = Array.from({ length: 12 }, () => `<div class="comment">${x(60, 'k')}</div>`).join('');
  const html = `<body><h1>Story</h1><div class="article">${article}</div><div class="comments">${comments}</div></body>`;

  test('a comment thread longer than the article: the first group of at least AL × the longest is the article', () => {
    const { diagnostics, text } = run(html, PLAIN);
    // The article (600), the comments (720), and the heading alone (5).
    assert.deepEqual(
      diagnostics.groups.map((group) => group.length).sort((a, b) => a - b),
      [5, 600, 720],
    );
    assert.equal(diagnostics.groups[diagnostics.article].length, 600);
    for (const letter of 'abc') assert.ok(text.includes(x(10, letter)), `article part ${letter}`);
    assert.ok(!text.includes('kkk'), 'no comment text');
  });

  test('AL above 600/720 picks the comments', () => {
    const { text } = run(html, { ...PLAIN, al: 0.9 });
    assert.ok(text.includes('kkk'));
    assert.ok(!text.includes('aaa'));
  });
});

describe('cuter: an article split by an advertisement', () => {
  const part = (letter: string) => `<p>${x(200, letter)}</p>`;
  const ad =
    '<div class="ad-slot"><a href="https://ads.example.com/c"><img src="banner.gif" width="468" height="60"></a><span>Shop now for great deals</span></div>';
  const html = `<body><h1>Title</h1>${part('a')}${part('b')}${ad}${part('c')}${part('d')}</body>`;

  test('the ad is characterised as advertisement and left out; both parts are kept when near', () => {
    const { doc, diagnostics, text } = run(html, { ...PLAIN, maxGap: 8 });
    const adNode = diagnostics.nodes.find((node) => doc.attr(node.node, 'class') === 'ad-slot');
    assert.equal(adNode?.class, 'advertisement');
    for (const letter of 'abcd') assert.ok(text.includes(x(10, letter)), `part ${letter}`);
    assert.ok(!text.includes('Shop now'));
    assert.equal(diagnostics.media.length, 0, 'the banner is no article media');
  });

  test('with a short reach the text after the ad is lost, as the paper reports for multi-body pages', () => {
    const { text } = run(html, { ...PLAIN, maxGap: 2 });
    assert.ok(text.includes(x(10, 'a')) && text.includes(x(10, 'b')));
    assert.ok(!text.includes(x(10, 'c')));
  });

  test('without ad cues the ad text is information and is kept', () => {
    assert.ok(run(html, { ...PLAIN, maxGap: 8, adCues: false }).text.includes('Shop now'));
  });
});

describe('cuter: the title hint', () => {
  const teaser = `<div class="teaser"><p>${x(250, 't')}</p><p>${x(250, 'u')}</p></div>`;
  const body = `<h1>The Real Story</h1><div class="story"><p>${x(200)}</p><p>${x(200, 'y')}</p><p>${x(200, 'z')}</p></div>`;
  const html = `<body>${teaser}<div class="spacer">${'<span><img src="s.png"></span>'.repeat(10)}</div>${body}</body>`;
  const options = { ...PLAIN, maxGap: 8 };

  test('without a title the first long-enough group wins (the teaser)', () => {
    const { text, diagnostics } = run(html, options);
    assert.ok(text.startsWith('ttt'));
    assert.equal(diagnostics.title.node, -1);
  });

  test('the title anchors the article start: the group after it wins, the heading is kept', () => {
    const { doc, text, diagnostics } = run(html, options, 'The Real Story');
    assert.ok(text.startsWith('The Real Story xxx'));
    assert.ok(!text.includes('ttt'));
    assert.equal(doc.tagName(diagnostics.title.node), 'h1');
    assert.equal(diagnostics.title.source, 'context');
  });

  test('a title with a site name after it still matches the heading', () => {
    assert.ok(run(html, options, 'The Real Story | Daily Example').text.startsWith('The Real Story'));
  });

  test('titleHint false ignores the title', () => {
    assert.ok(run(html, { ...options, titleHint: false }, 'The Real Story').text.startsWith('ttt'));
  });

  test('the page metadata title is the fallback (through the public API)', () => {
    const page = `<html><head><title>The Real Story</title></head>${html.replace('<body>', '<body>')}</html>`;
    const result = extract(page, {
      extractor: 'cuter',
      format: 'text',
      extractorOptions: options,
      diagnostics: true,
    });
    // The title is the body's to leave out (issue 16); `titleHeading` prints it on top.
    assert.ok(!result.content.includes('The Real Story'));
    assert.equal((result.diagnostics as CuterDiagnostics).title.source, 'metadata');
    const headed = extract(page, {
      extractor: 'cuter',
      format: 'text',
      extractorOptions: options,
      titleHeading: true,
    });
    assert.ok(headed.content.startsWith('The Real Story\n\n'));
  });

  test('a group after the title must still pass AL: a late heading with a short text does not win', () => {
    // The title matches only a heading after the article; the group after it is 100 < 0.5 × 900.
    const page = `<body><p>${x(900)}</p><div>${'<span><img src="s.png"></span>'.repeat(4)}</div><h2>Related Story</h2><p>${x(100, 'g')}</p></body>`;
    const { text, diagnostics } = run(page, { ...PLAIN, maxGap: 2 }, 'Related Story');
    assert.ok(diagnostics.title.node >= 0 || diagnostics.article >= 0);
    assert.ok(text.startsWith('xxxx'));
    assert.ok(!text.includes('ggg'));
  });
});

describe('cuter: multimedia (class c2)', () => {
  const paragraph = (letter: string) => `<p>${x(200, letter)}</p>`;
  const gallery = `<div class="gallery">
    <figure><img src="/img/one.jpg" alt="First photo" width="640" height="480"><figcaption>The first caption</figcaption></figure>
    <figure><a href="/img/two-large.jpg"><img src="two.jpg" alt="Second"></a><figcaption>The second caption</figcaption></figure>
    <img src="pixel.gif" width="1" height="1">
  </div>`;
  const embeds = `<video src="clip.mp4" poster="poster.jpg" width="320"></video>
    <iframe src="https://www.youtube.com/embed/abc" width="560" height="315"></iframe>
    <audio><source src="sound.mp3"></audio>`;
  const html = `<body><h1>Gallery story</h1>${paragraph('a')}${gallery}${paragraph('b')}${embeds}${paragraph('c')}</body>`;

  test('images, video, audio and embeds inside the article come out with source, alt, caption and size', () => {
    const { diagnostics } = run(html, { ...PLAIN, maxGap: 30 });
    const media = diagnostics.media.map(({ node: _node, ...item }) => item);
    assert.deepEqual(media, [
      {
        type: 'image',
        src: 'https://example.com/img/one.jpg',
        alt: 'First photo',
        caption: 'The first caption',
        width: 640,
        height: 480,
      },
      {
        type: 'image',
        src: 'https://example.com/news/two.jpg',
        alt: 'Second',
        caption: 'The second caption',
      },
      {
        type: 'video',
        src: 'https://example.com/news/clip.mp4',
        width: 320,
        poster: 'https://example.com/news/poster.jpg',
      },
      { type: 'embed', src: 'https://www.youtube.com/embed/abc', width: 560, height: 315 },
      { type: 'audio', src: 'https://example.com/news/sound.mp3' },
    ]);
    assert.ok(diagnostics.classCounts['information-multimedia'] >= 5);
  });

  test('the images stay in the selection, so Markdown shows them', () => {
    const result = extract(html, {
      extractor: 'cuter',
      url: 'https://example.com/news/story.html',
      extractorOptions: { ...PLAIN, maxGap: 30 },
    });
    assert.match(result.content, /!\[First photo\]\(https:\/\/example\.com\/img\/one\.jpg\)/);
    assert.match(result.content, /!\[Second\]\(https:\/\/example\.com\/news\/two\.jpg\)/);
    assert.ok(!result.content.includes('pixel.gif'));
  });

  test("a lazy attribute holding a JSON record is no image source (MSN's data-src)", () => {
    // Readability's msn page: a data: placeholder in `src`, the files per layout as JSON in `data-src`.
    const doc = parseHtml(
      '<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" ' +
        'data-src=\'{"default":{"src":"//img-s-msn-com.akamaized.net/a.jpg","w":80}}\' ' +
        'srcset="//img-s-msn-com.akamaized.net/b.jpg 2x"></p>',
    );
    const image = doc.findFirst(TAG.img);
    assert.equal(
      describeMedia(doc, image, 'https://www.msn.com/en-us/')?.src,
      'https://img-s-msn-com.akamaized.net/b.jpg',
    );
  });

  test('media outside the article are not listed', () => {
    const page = `<body><div class="side"><img src="side.jpg" alt="Side"></div>${'<span><img src="s.png" width="1"></span>'.repeat(3)}<div class="spacer">${'<i><img src="t.png"></i>'.repeat(10)}</div>${paragraph('a')}${paragraph('b')}</body>`;
    const { diagnostics } = run(page, { ...PLAIN, maxGap: 4 });
    assert.ok(!diagnostics.media.some((item) => item.src.endsWith('side.jpg')));
  });
});

describe('cuter: node classes in the diagnostics', () => {
  test('every class appears, and empty nodes are counted', () => {
    const html = `<body><ul class="menu"><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul>
      <div class="advert">Buy things</div><div></div>
      <p>${x(200)} <img src="p.jpg" alt="P"></p></body>`;
    const { doc, diagnostics } = run(html, PLAIN);
    const counts = diagnostics.classCounts;
    for (const name of [
      'empty',
      'navigation',
      'advertisement',
      'information-text',
      'information-multimedia',
    ] as const) {
      assert.ok(counts[name] >= 1, `${name}: ${counts[name]}`);
    }
    assert.equal(diagnostics.nodes.find((node) => doc.tagName(node.node) === 'ul')?.class, 'navigation');
    assert.equal(
      diagnostics.nodes.find((node) => doc.attr(node.node, 'class') === 'advert')?.class,
      'advertisement',
    );
    assert.equal(diagnostics.media[0]?.alt, 'P');
  });
});

describe('cuter: options', () => {
  test('every parameter is exposed with its default', () => {
    for (const parameter of cuter.parameters) {
      assert.equal(parameter.default, CUTER_DEFAULTS[parameter.name as keyof CuterOptions], parameter.name);
    }
    assert.equal(CUTER_DEFAULTS.maxLp, 0.5);
    assert.equal(CUTER_DEFAULTS.mergeDivisor, 3);
  });

  for (const [options, pattern] of [
    [{ maxLp: 'high' }, /maxLp must be a number/],
    [{ minTpRule: 'median' }, /minTpRule must be one of/],
    [{ al: 1.5 }, /al must be between 0 and 1/],
    [{ mergeDivisor: 0 }, /mergeDivisor must be above 0/],
    [{ fill: 'yes' }, /fill must be true or false/],
    [{ nonsense: 1 }, /unknown option 'nonsense'/],
  ] as const) {
    test(`rejects ${JSON.stringify(options)}`, () => {
      assert.throws(
        () => cuter.extract(parseHtml('<p>x</p>'), options as Partial<CuterOptions>, {}),
        (error: unknown) => isPithError(error) && error.code === 'BAD_OPTION' && pattern.test(error.message),
      );
    });
  }

  test('an empty page gives an empty selection and no article', () => {
    const { extraction } = run('');
    assert.equal(extraction.selection.keptTextLength(), 0);
    assert.equal(extraction.diagnostics.article, -1);
  });
});

describe('cuter through the library', () => {
  const html = `<html><head><title>Library story</title></head><body><nav><a href="/">Home</a> <a href="/a">A</a></nav>
    <h1>Library story</h1><p>${x(150)} first.</p><p>${x(150, 'y')} second.</p><footer><a href="/c">Contact</a></footer></body></html>`;

  test("extract(html, { extractor: 'cuter' }) returns the article", () => {
    const result = extract(html, { extractor: 'cuter', format: 'text' });
    assert.equal(result.extractor.name, 'cuter');
    // The headline is metadata.title, not the body's first line (issue 16).
    assert.match(result.content, /^x+ first\.\n\ny+ second\.$/);
    assert.equal(result.metadata.title, 'Library story');
  });

  test('JSON output carries the diagnostics with classes and media', () => {
    const json = JSON.parse(extract(html, { extractor: 'cuter', format: 'json', diagnostics: true }).content);
    assert.ok(json.diagnostics.classCounts['information-text'] >= 3);
    assert.deepEqual(json.diagnostics.media, []);
    assert.equal(json.diagnostics.settings.maxLp, 0.5);
  });

  test('extractor options reach the algorithm', () => {
    const result = extract(html, {
      extractor: 'cuter',
      format: 'text',
      extractorOptions: { maxLp: 0.01, dropShare: 1 },
    });
    assert.equal(result.content, '');
  });
});

describe('cuter: decisions are pure', () => {
  test('the same page twice gives the same decision', () => {
    const doc = parseHtml(`<body><p>${x(100)}</p><p>${x(50)}</p></body>`);
    const analysis = analysePage(doc);
    const settings = { ...CUTER_DEFAULTS };
    assert.deepEqual(decide(analysis, settings, undefined), decide(analysis, settings, undefined));
  });
});

describe('cuter: what counts as a link', () => {
  test('an <a name> anchor is not a link (as in the Doc): its text is not SAx', () => {
    const { doc, diagnostics } = run(`<body><p><a name="top">${x(50, 'n')}</a> ${x(50)}</p></body>`, PLAIN);
    const unit = nodeInfo(diagnostics, doc, 'nnn');
    assert.deepEqual([unit.sl, unit.sa], [100, 0]);
    assert.equal(diagnostics.sh - doc.linkTextLength(doc.contentRoot), 100);
  });
});
