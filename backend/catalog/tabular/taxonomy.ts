/**
 * Browsable two-level category trees for the supplier spreadsheets, which carry no usable tree of their own (the
 * Günzburger sheet has no categories, the fixings sheet only numeric product group ids). The tree is derived from the product
 * type named in the article name: "Aluminium-Stehleiter …" → Leitern › Stehleitern, "Spanplattenschraube …" →
 * Schrauben › Spanplattenschrauben. Top-level labels are the project's own (German, English, French, Dutch);
 * second-level labels get English and Dutch from ETIM where the German name matches an ETIM class.
 */
import { etimCategoryLabels } from '../etim.ts';
import type { LocalizedText } from '../model.ts';

/** A derived category: stable key within its source, parent key, names, position. */
export interface DerivedCategory {
  key: string;
  parentKey?: string | undefined;
  name: LocalizedText;
  position: number;
}

const label = (de: string, en: string, fr: string, nl: string): LocalizedText => ({
  'de-DE': de,
  'en-GB': en,
  'fr-FR': fr,
  'nl-NL': nl,
});

const keyOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---- ladders and access equipment (Günzburger Steigtechnik) -----------------------------------------------------

const LADDER_TOP: Record<string, DerivedCategory> = {
  leitern: { key: 'leitern', name: label('Leitern', 'Ladders', 'Échelles', 'Ladders'), position: 1 },
  treppen: {
    key: 'treppen',
    name: label('Treppen & Podeste', 'Stairs & platforms', 'Escaliers & plateformes', 'Trappen & bordessen'),
    position: 2,
  },
  gerueste: { key: 'gerueste', name: label('Gerüste', 'Scaffolding', 'Échafaudages', 'Steigers'), position: 3 },
  zubehoer: {
    key: 'zubehoer',
    name: label(
      'Zubehör & Ersatzteile',
      'Accessories & spare parts',
      'Accessoires & pièces de rechange',
      'Accessoires & reserveonderdelen',
    ),
    position: 4,
  },
};

/** Ladder sub-categories: [top key, sub label, pattern on the lower-cased name]; the first match wins. */
const LADDER_RULES: [keyof typeof LADDER_TOP, LocalizedText, RegExp][] = [
  [
    'gerueste',
    label('Rollgerüste', 'Mobile scaffold towers', 'Échafaudages roulants', 'Rolsteigers'),
    /rollgerüst|fahrgerüst/,
  ],
  [
    'gerueste',
    label('Klapp- und Arbeitsgerüste', 'Folding and work scaffolds', 'Échafaudages pliants', 'Klap- en werksteigers'),
    /gerüst/,
  ],
  [
    'treppen',
    label('Plattformtreppen', 'Platform stairs', 'Escaliers à plateforme', 'Bordestrappen'),
    /plattformtreppe|podest-?treppe/,
  ],
  ['treppen', label('Treppen', 'Stairs', 'Escaliers', 'Trappen'), /treppe/],
  ['leitern', label('Podestleitern', 'Platform ladders', 'Échelles à plateforme', 'Bordesladders'), /podestleiter/],
  [
    'treppen',
    label('Arbeitspodeste', 'Work platforms', 'Plateformes de travail', 'Werkbordessen'),
    /arbeitspodest|podest|arbeitsbock/,
  ],
  [
    'treppen',
    label('Überstiege & Laufstege', 'Crossovers & walkways', 'Passerelles', 'Overstappen & loopbruggen'),
    /überstieg|laufsteg|plattform/,
  ],
  ['leitern', label('Tritte', 'Steps', 'Marchepieds', 'Trappen en opstapjes'), /tritt|stufenleiter/],
  ['leitern', label('Stehleitern', 'Stepladders', 'Escabeaux', 'Trapladders'), /stehleiter/],
  [
    'leitern',
    label('Schiebe- und Seilzugleitern', 'Extension ladders', 'Échelles coulissantes', 'Schuifladders'),
    /schiebe|seilzug/,
  ],
  [
    'leitern',
    label('Mehrzweckleitern', 'Multi-purpose ladders', 'Échelles multifonctions', 'Multifunctionele ladders'),
    /mehrzweck|vielzweck|kombi/,
  ],
  ['leitern', label('Regalleitern', 'Shelf ladders', "Échelles d'étagère", 'Rekladders'), /regalleiter/],
  [
    'leitern',
    label('Anlegeleitern', 'Lean-to ladders', "Échelles d'appui", 'Enkele ladders'),
    /anlegeleiter|einholmleiter/,
  ],
  [
    'leitern',
    label(
      'Schacht-, Steig- und Dachleitern',
      'Shaft, fixed and roof ladders',
      'Échelles fixes et de toit',
      'Schacht-, vaste en dakladders',
    ),
    /schachtleiter|steigleiter|dachleiter|ortsfest/,
  ],
];

const ACCESSORY_RULES: [LocalizedText, RegExp][] = [
  [
    label('Handläufe und Geländer', 'Handrails and railings', 'Mains courantes et garde-corps', 'Leuningen'),
    /handlauf|geländer|haltegriff|griff/,
  ],
  [label('Nachrüstsätze', 'Retrofit kits', 'Kits de modernisation', 'Ombouwsets'), /nachrüst/],
  [
    label('Befestigung und Anker', 'Fixings and anchors', 'Fixations et ancrages', 'Bevestiging en ankers'),
    /anker|haken|halter|konsole|schelle/,
  ],
  [
    label('Leiterfüße und Kappen', 'Ladder feet and caps', 'Pieds et embouts', 'Ladderschoenen en kappen'),
    /schuh|kappe|fuß|füße/,
  ],
  [
    label('Fahrwerke und Rollen', 'Wheels and castors', 'Roues et roulettes', 'Wielen en zwenkwielen'),
    /fahrwerk|rolle/,
  ],
];
const OTHER_ACCESSORIES = label('Weiteres Zubehör', 'Other accessories', 'Autres accessoires', 'Overige accessoires');
const OTHER_LADDERS = label('Weitere Leitern', 'Other ladders', 'Autres échelles', 'Overige ladders');
const ACCESSORY_HEAD =
  /^(nachrüst|handlauf|geländer|wandanker|maueranker|verstellbare|innenschuh|holm-abdeck|abdeck|haken|dachhaken|ablage|traverse|nachrüst-traverse|rückenschutz|steigschutz|einstiegshilfe|ausstieg|fahrwerk|rolle|konsole|alu-dreieckkonsole|stirnseitiges|plattformverlängerung|geländerverlängerung|verlängerung|leiternschuh|bedienungsanleitung|ersatz|halte|teleskopausleger|ausleger|leiternteil)/;

/**
 * Category path (top, sub) of a ladder-trade article from its name (descriptionShort), e.g.
 * "Aluminium-Stehleiter 4 Stufen" → Leitern › Stehleitern, "Handlauf für Podestleiter" → Zubehör › Handläufe.
 */
export function ladderCategoryPath(name: string): [DerivedCategory, DerivedCategory] {
  const text = name.toLowerCase().replace(/^günzburger\s+/, '');
  const head = text.split(/\s+/)[0] ?? '';
  const sub = (top: DerivedCategory, subName: LocalizedText, position: number): [DerivedCategory, DerivedCategory] => [
    top,
    { key: `${top.key}/${keyOf(subName['de-DE'] ?? '')}`, parentKey: top.key, name: subName, position },
  ];
  const accessory = (): [DerivedCategory, DerivedCategory] => {
    const index = ACCESSORY_RULES.findIndex(([, re]) => re.test(text));
    const rule = ACCESSORY_RULES[index];
    return rule ? sub(LADDER_TOP.zubehoer!, rule[0], index + 1) : sub(LADDER_TOP.zubehoer!, OTHER_ACCESSORIES, 99);
  };
  if (ACCESSORY_HEAD.test(head)) return accessory();
  const index = LADDER_RULES.findIndex(([, , re]) => re.test(text));
  const rule = LADDER_RULES[index];
  if (rule) return sub(LADDER_TOP[rule[0]]!, rule[1], index + 1);
  if (/leiter/.test(text)) return sub(LADDER_TOP.leitern!, OTHER_LADDERS, 98);
  return accessory();
}

// ---- fixings (screws, plugs, anchors) -------------------------------------------------------------------------

const FIXING_TOP: Record<string, DerivedCategory> = {
  schrauben: { key: 'schrauben', name: label('Schrauben', 'Screws', 'Vis', 'Schroeven'), position: 1 },
  duebel: { key: 'duebel', name: label('Dübel', 'Plugs', 'Chevilles', 'Pluggen'), position: 2 },
  anker: {
    key: 'anker',
    name: label(
      'Anker und Gewindestangen',
      'Anchors and threaded rods',
      'Ancres et tiges filetées',
      'Ankers en draadstangen',
    ),
    position: 3,
  },
  chemie: {
    key: 'chemie',
    name: label('Chemische Befestigung', 'Chemical fixings', 'Fixation chimique', 'Chemische bevestiging'),
    position: 4,
  },
  schellen: {
    key: 'schellen',
    name: label('Schellen und Kabelbinder', 'Clamps and cable ties', 'Colliers et attaches', 'Beugels en kabelbinders'),
    position: 5,
  },
  werkzeug: {
    key: 'werkzeug',
    name: label('Werkzeuge und Bohrer', 'Tools and drill bits', 'Outils et forets', 'Gereedschap en boren'),
    position: 6,
  },
  zubehoer: {
    key: 'zubehoer',
    name: label('Befestigungszubehör', 'Fixing accessories', 'Accessoires de fixation', 'Bevestigingstoebehoren'),
    position: 7,
  },
};

/** Family of a product-type noun by its ending, in priority order. */
const FIXING_FAMILIES: [keyof typeof FIXING_TOP, RegExp][] = [
  ['chemie', /(injektionssystem|verbundanker\w*|patrone|siebhülse|mörtel|klebstoff|pistole)$/],
  ['anker', /(anker|ankerstange|gewindestange|hülse|bolzen)$/],
  ['duebel', /(dübel|duebel)$/],
  ['schrauben', /(schraube|schrauben)$/],
  ['schellen', /(schelle|kabelbinder|clip|lochband|hänger|schellenset)$/],
  ['werkzeug', /(bohrer|bit|werkzeug|bürste)$/],
  ['zubehoer', /(kappe|kappen|klebepunkte|teller|halter|box|nagel|scheibe|mutter)$/],
];

const FIXING_STOPWORDS = new Set([
  'blister',
  'einzelartikel',
  'langer',
  'großpack',
  'grosspack',
  'sb',
  'set',
  'schwerlast',
]);

/** German plural of a product-type noun for a category name ("Spanplattenschraube" → "Spanplattenschrauben"). */
function germanPlural(noun: string): string {
  if (/nagel$/.test(noun)) return noun.replace(/nagel$/, 'nägel');
  if (/(el|er|en|punkte)$/.test(noun)) return noun;
  if (/e$/.test(noun)) return `${noun}n`;
  if (/zeug$/.test(noun)) return `${noun}e`;
  if (/band$/.test(noun)) return noun.replace(/band$/, 'bänder');
  if (/(bit|clip|set)$/i.test(noun)) return `${noun}s`;
  if (/box$/.test(noun)) return `${noun}en`;
  if (/(stoff|system|bolzen)$/.test(noun)) return noun.endsWith('en') ? noun : `${noun}e`;
  return noun;
}

/**
 * The product-type noun of a fixing's name and its family: the first word (ignoring packaging words such as
 * "Blister") whose ending names a known type; for hyphenated words the last part ("Schnellverschluss-Rohrschelle" →
 * "Rohrschelle"). Undefined when no word names a type.
 */
export function fixingType(name: string): { family: keyof typeof FIXING_TOP; noun: string } | undefined {
  const words = name.split(/[\s,/()]+/).filter(Boolean);
  for (const word of words) {
    if (FIXING_STOPWORDS.has(word.toLowerCase())) continue;
    const part = word.split('-').filter(Boolean).pop() ?? word;
    const lower = part.toLowerCase();
    if (lower.length < 3) continue;
    const family = FIXING_FAMILIES.find(([, re]) => re.test(lower));
    if (family) return { family: family[0], noun: part.charAt(0).toUpperCase() + part.slice(1) };
  }
  return undefined;
}

const OTHER_FIXINGS: DerivedCategory = {
  key: 'weitere',
  name: label(
    'Weiteres Befestigungsmaterial',
    'Other fixing material',
    'Autres fixations',
    'Overig bevestigingsmateriaal',
  ),
  position: 8,
};

/**
 * Category path (top, sub) of a fixing from its name. `rareTypes` lists type nouns with too few articles for a
 * category of their own: they go to "Weitere …" under their family.
 */
export function fixingCategoryPath(
  name: string,
  rareTypes: Set<string> = new Set(),
): [DerivedCategory, DerivedCategory] {
  const type = fixingType(name);
  if (!type) {
    const sub = label('Sonstiges', 'Miscellaneous', 'Divers', 'Diversen');
    return [OTHER_FIXINGS, { key: 'weitere/sonstiges', parentKey: OTHER_FIXINGS.key, name: sub, position: 1 }];
  }
  const top = FIXING_TOP[type.family]!;
  if (rareTypes.has(type.noun)) {
    const other = top.name;
    return [
      top,
      {
        key: `${top.key}/weitere`,
        parentKey: top.key,
        name: label(
          `Weitere ${other['de-DE']}`,
          `Other ${other['en-GB']?.toLowerCase()}`,
          `Autres ${other['fr-FR']?.toLowerCase()}`,
          `Overige ${other['nl-NL']?.toLowerCase()}`,
        ),
        position: 999,
      },
    ];
  }
  const plural = germanPlural(type.noun);
  const labels = etimCategoryLabels(type.noun) ?? etimCategoryLabels(plural);
  return [
    top,
    {
      key: `${top.key}/${keyOf(type.noun)}`,
      parentKey: top.key,
      name: { ...(labels ?? {}), 'de-DE': plural },
      position: 100,
    },
  ];
}
