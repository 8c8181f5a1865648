/**
 * Author classes found on the tuning half of WCXB dev (src/eval/datasets/metadata-split.ts), each
 * pinned by a small cut of a real page (markup kept, text shortened; the source is the WCXB dev
 * id and site named in the test).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metadataOf, page } from './helpers.js';

const authorsOf = (body: string, head = '') => metadataOf(page(head, body)).authors;

describe('the names in a byline, without the role, date or buttons beside them', () => {
  it('the link to the author page (WCXB 4674, eridehero.com)', () => {
    const body =
      '<h1>Best Electric Scooters</h1><div class="byline"><div class="byline-author"><img alt="Rasmus Barslund" class="byline-avatar"><div class="byline-info"> <a href="https://eridehero.com/author/rasmus-barslund/" class="byline-name"> Rasmus Barslund </a> <span class="byline-role">Founder &amp; Lead Reviewer</span></div></div><div class="byline-meta"> <span class="byline-date"> Updated Feb 27, 2026 </span></div></div><p>Text.</p>';
    assert.deepEqual(authorsOf(body), ['Rasmus Barslund']);
  });

  it('the element marked as the name (WCXB 4661, almanac.com)', () => {
    const body =
      '<h1>Pests</h1><div class="author-line">Written By: <span class="author-name"><a href="/authors/celeste-longacre">Celeste Longacre</a></span> <span class="author-title">Gardener &amp; Astrologer</span></div><p>Text.</p>';
    assert.deepEqual(authorsOf(body), ['Celeste Longacre']);
  });

  it('a role after the names and a comma (WCXB 4706, extension.umn.edu)', () => {
    const body =
      '<h1>Lighting indoor plants</h1><section class="author-block"><div class="field--name-field-authors"><p>Authors: Julie Weisenhorn and Natalie Hoidal, Extension horticulture educators</p></div></section>';
    assert.deepEqual(authorsOf(body), ['Julie Weisenhorn', 'Natalie Hoidal']);
  });

  it('a role after a dash (WCXB 0113, easy-lms.com)', () => {
    assert.deepEqual(authorsOf('<h1>Courses</h1><div class="author">Eliz - Product marketer</div>'), [
      'Eliz',
    ]);
  });

  it('"By" glued to the name, and a "This post was written by" sentence (WCXB 4530, 2381)', () => {
    assert.deepEqual(
      authorsOf('<h1>Fasting</h1><div class="byline"><span>By</span><span>Daryl Austin</span></div>'),
      ['Daryl Austin'],
    );
    assert.deepEqual(
      authorsOf(
        '<h1>Index types</h1><div class="author-info">This post was written by Danielle Padula, Head of Marketing and Community Development</div>',
      ),
      ['Danielle Padula'],
    );
  });

  it('a date-time after the name (WCXB 4517, neste.com)', () => {
    assert.deepEqual(
      authorsOf('<h1>Hotspots</h1><p class="author">Nick van Mead 2022-11-23T08:10+02:00</p>'),
      ['Nick van Mead'],
    );
  });
});

describe('bylines written as text, with no class to say so', () => {
  it('"By Name" near the headline (WCXB 0140, houstoniamag.com)', () => {
    const body =
      "<header class='story-header'><h1>Houston's Hottest New Restaurants</h1><p class='inline-list page-header__meta'> <span class='inline-list__item'> By <a href=\"/producers/sofia-gonzalez\">Sofia Gonzalez</a> </span> <span class='inline-list__item page-header__meta__date'> December 2, 2025 </span> </p></header><p>Text.</p>";
    assert.deepEqual(authorsOf(body), ['Sofia Gonzalez']);
  });

  it('"Written by A and B" before a date (WCXB 0233, shakuro.com)', () => {
    const body =
      '<h1>How Are Mobile Apps Created?</h1><div><p class="text-t600">Written by <a class="text-t900">Moses Kim and Kate Shokurova</a> April 8, 2024</p></div><p>Text.</p>';
    assert.deepEqual(authorsOf(body), ['Moses Kim', 'Kate Shokurova']);
  });

  it('a byline in bold inside the first paragraph (WCXB 0395, bssnews.net)', () => {
    const body = `<h1>Homestead gardening</h1><div class="dtl_section"><p>Photo : BSS <strong>By Md Aynal Haque</strong> RAJSHAHI, Dec 20, 2025 (BSS) - ${'Homestead gardening has been contributing. '.repeat(5)}</p></div>`;
    assert.deepEqual(authorsOf(body), ['Md Aynal Haque']);
  });

  it('the links to author pages of a byline in text, without what follows them (WCXB 0484, servomagazine.com)', () => {
    const body =
      '<h1 style="margin-bottom:0">Tips for Selecting DC Motors</h1><p>By <a href="https://www.servomagazine.com/magazine/contributor/a._j._neal">A. J. Neal</a> &nbsp;&nbsp; <a href="http://servo.texterity.com/servo/201001/?folio=33" target="_blank" class="btn btn-primary">View In Digital Edition</a></p><p>Text.</p>';
    assert.deepEqual(authorsOf(body), ['A. J. Neal']);
  });

  it('a footer line after a date, and a user name in lower case after a date (WCXB 0406, 0459)', () => {
    const demaine = `<h1>The Fold-and-Cut Problem</h1><p>${'Take a piece of paper. '.repeat(30)}</p><div class="purplebox"><i>Last updated March 3, 2025 by <a href="/">Erik Demaine</a>.</i> — <a href="/accessibility">Accessibility</a></div>`;
    assert.deepEqual(authorsOf(demaine), ['Erik Demaine']);
    const ibby =
      '<h1>Academy of Art University earns 19 honors</h1><div class="post-date"><p><span><time datetime="2025-12-19T15:55:39-08:00">12/19 — 2025</time></span></p><p>by ibby </p></div><p>Text.</p>';
    assert.deepEqual(authorsOf(ibby), ['ibby']);
  });

  it('not "Powered by", "Shop by", "By clicking", "Copyright … by" (WCXB 4024, 4211, 3030)', () => {
    const body =
      '<h1>Kettle</h1><ul class="menu"><li><a href="/c">Shop by Category</a></li></ul><form><p>By clicking Subscribe, you agree to our terms.</p></form><p>Text.</p><footer><small>&copy; 2026, <a href="/">Maelstrom</a></small> <small><a href="https://www.shopify.com">Powered by Shopify</a></small><p>Copyright © 2004 - 2026 by Phoronix Media.</p></footer>';
    assert.deepEqual(authorsOf(body), []);
  });

  it('not the "By Brand" lines of a product list (WCXB 2923, wayfair.com)', () => {
    const cards = ['Ebern Designs', 'Charlton Home®', 'Latitude Run®']
      .map((brand) => `<div class="card"><h2>Desk</h2><p>By ${brand}</p><p>$199</p></div>`)
      .join('');
    assert.deepEqual(authorsOf(`<h1>Desks</h1>${cards}`), []);
  });
});

describe("bylines that are not the page's", () => {
  it('customer reviews and testimonials (WCXB 0594 nordrepublic.com, 4900 resumespice.com)', () => {
    const review =
      '<h1>Nörd Zero</h1><div id="reviews"><ol class="commentlist"><li class="review"><div class="comment-text"><p class="meta"><strong class="woocommerce-review__author">Claudio</strong> – May 27, 2020</p><p>Very light!</p></div></li></ol></div>';
    assert.deepEqual(authorsOf(review), []);
    const testimonial =
      '<h1>Resume Writing</h1><div class="testimonial_rotator"><div class="text"><p>“Spot on!”</p><div class="testimonial_rotator_author_info"><p>Lynn B., ResumeSpice client</p></div></div></div>';
    assert.deepEqual(authorsOf(testimonial), []);
  });

  it('microdata authors of reviews (WCXB 2947, thomann.de)', () => {
    const body =
      '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Fender Player II</h1><div itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="author">guitar_00</span><p itemprop="reviewBody">Great.</p></div></div>';
    assert.deepEqual(authorsOf(body), []);
  });

  it('"authorization", "authorized", "authoring" are not "author" (WCXB 0685 kubernetes.io, 3039, 4397)', () => {
    const body =
      '<h1>Pods</h1><ul><li class="authorization"><a href="/a">Authorization</a></li></ul><p class="authorized-dealer">Authorized Dealer</p><h2 class="authoring">Authoring applications</h2>';
    assert.deepEqual(authorsOf(body), []);
  });

  it("Elementor's widget containers are no sidebar (WCXB 4179, mommywise.com)", () => {
    const body = `<div class="elementor-widget-wrap elementor-element-populated"><h1>Top 10 Toddler Sleep Training Tips</h1><div class="elementor-widget-container"><ul><li><span class="elementor-icon-list-text elementor-post-info__item--type-author">By Natalie Nevares</span></li></ul></div><p>${'Sleep text. '.repeat(200)}</p></div>`;
    assert.deepEqual(authorsOf(body), ['Natalie Nevares']);
  });
});

describe("a forum thread's starter", () => {
  it('"Thread starter" (WCXB 4320, XenForo) and "Started by" (WCXB 0556, SMF)', () => {
    const xenforo =
      '<div class="p-body-header"><h1 class="p-title-value">Looking for beginner projects</h1><div class="p-description"><ul class="listInline"><li><span class="u-srOnly">Thread starter</span> <a href="/members/sean_g.1/" class="username u-concealed">sean_g</a></li><li><span class="u-srOnly">Start date</span><time datetime="2024-02-25T10:44:51-0500">Feb 25, 2024</time></li></ul></div></div><article class="message"><h4 class="message-name"><a class="username">Packard</a></h4><p>Reply.</p></article>';
    assert.deepEqual(authorsOf(xenforo), ['sean_g']);
    const smf =
      '<div class="display_head information"><h3>Topic</h3><p>Started by Biology Forums, June 04, 2024, 11:23:55 AM</p></div><div class="poster"><h4><a href="/profile">Biology Forums</a></h4></div>';
    assert.deepEqual(authorsOf(smf), ['Biology Forums']);
  });
});

describe("a forum thread's first post", () => {
  it("posts marked up as top-level Comment or Answer items name their writers, not the page's (WCXB 4311, 4312, XenForo)", () => {
    const post = (type: string, user: string) =>
      `<article class="message" itemscope itemtype="https://schema.org/${type}"><section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person"><h4 class="message-name"><a href="/members/${user}.1/" class="username"><span itemprop="name">${user}</span></a></h4></section><div itemprop="text"><p>Text of ${user}.</p></div></article>`;
    const header =
      '<h1 class="p-title-value">GPU comparison</h1><div class="p-description"><ul><li><span class="u-srOnly">Thread starter</span> <a href="/members/ridwan123.2/" class="username">ridwan123</a></li></ul></div>';
    assert.deepEqual(authorsOf(header + post('Answer', 'Lutfij') + post('Answer', 'ridwan123')), [
      'ridwan123',
    ]);
    assert.deepEqual(authorsOf(header + post('Comment', 'ralston18')), ['ridwan123']);
  });

  it("the first post's user name: phpBB's post profile (WCXB 0535), vBulletin (0525), FluxBB (0541)", () => {
    const phpbb =
      '<h2 class="topic-title">Disable LEDs on RPi 5</h2><div class="post"><dl class="postprofile"><dt class="no-avatar"><a href="./memberlist.php?mode=viewprofile&amp;u=1" class="username">b.scherer</a></dt><dd>Posts: 12</dd></dl><div class="postbody"><p class="author"><a href="#p1">Sun Dec 17, 2023 11:23 am</a></p><div class="content">Hi, I just got my new RPi 5.</div></div></div>';
    assert.deepEqual(authorsOf(phpbb), ['b.scherer']);
    const vbulletin =
      '<table class="tborder"><tr><td class="alt2"><div id="postmenu_1"><a class="bigusername" href="member.php?u=224387">microfast</a></div><div class="smallfont">Registered User</div></td><td class="alt1"><div id="post_message_1">Has anyone had this issue?</div></td></tr></table>';
    assert.deepEqual(authorsOf(vbulletin), ['microfast']);
    const fluxbb =
      '<div id="p1" class="blockpost rowodd firstpost blockpost1"><h2><span><a href="viewtopic.php?pid=1#p1">2025-11-01 15:14:37</a></span></h2><div class="box"><div class="postbody"><div class="postleft"><dl><dt><strong>chunix64</strong></dt><dd class="usertitle"><strong>Member</strong></dd></dl></div><div class="postright"><div class="postmsg"><p>Why did the ISO size increase?</p></div></div></div></div></div>';
    assert.deepEqual(authorsOf(fluxbb), ['chunix64']);
  });

  it("an article's byline wins over a user name further down", () => {
    const body =
      '<h1>Story</h1><div class="byline">By Ann Lee</div><p>Text.</p><div class="replies"><a class="username" href="/u/troll1">troll1</a><p>First!</p></div>';
    assert.deepEqual(authorsOf(body), ['Ann Lee']);
  });
});

describe('a label and the name in the element after it', () => {
  it('"<h3>Author</h3><p>Name</p>" (WCXB 4079, learn.hms.harvard.edu) and "Written by" (WCXB 0058)', () => {
    const hms =
      '<h1>The Benefits of AI</h1><p>Text.</p><aside class="insight__content"><div class="content-item"><h3>Published</h3><p><time datetime="2024-05-30">May 30, 2024</time></p></div><div class="content-item"> <h3>Author</h3> <p>  Lisa D. Ellis</p> </div></aside>';
    assert.deepEqual(authorsOf(hms), ['Lisa D. Ellis']);
    const otter =
      '<h1>10 Trends in catering</h1><div class="flex"><div class="text-body-large"><p class="mb-1">Written by</p><p class="text-grey-700">Edzel Tabing</p></div></div><p>Text.</p>';
    assert.deepEqual(authorsOf(otter), ['Edzel Tabing']);
  });

  it("a form's choices and a table's column headings are no labels (WCXB 0535, phpBB's sort form)", () => {
    const form =
      '<h1>Topic</h1><label>Sort by<select name="sk"><option value="a">Author</option><option value="t" selected>Post time</option></select></label>';
    assert.deepEqual(authorsOf(form), []);
    const table = '<h1>Topics</h1><table><tr><th>Author</th><th>Replies</th></tr></table>';
    assert.deepEqual(authorsOf(table), []);
  });
});

describe('the author a Twitter card labels', () => {
  it('Yoast\'s "Written by" label and data (WCXB 0302, getbellhops.com), in the site\'s language too', () => {
    const head =
      '<meta name="twitter:label1" content="Written by"/><meta name="twitter:data1" content="Tyler Brown"/><script type="application/ld+json">{"@type":"FAQPage","mainEntity":[]}</script>';
    assert.deepEqual(authorsOf('<h1>San Francisco Movers</h1><p>Text.</p>', head), ['Tyler Brown']);
    const german =
      '<meta name="twitter:label1" content="Verfasst von"><meta name="twitter:data1" content="Karoline Herr"><meta name="twitter:label2" content="Geschätzte Lesezeit"><meta name="twitter:data2" content="3 Minuten">';
    assert.deepEqual(authorsOf('<h1>Lost</h1><p>Text.</p>', german), ['Karoline Herr']);
  });

  it('other labels are not the author ("Est. reading time")', () => {
    const head =
      '<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="4 minutes">';
    assert.deepEqual(authorsOf('<h1>Story</h1><p>Text.</p>', head), []);
  });
});
