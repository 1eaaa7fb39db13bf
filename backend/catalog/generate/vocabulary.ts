/**
 * Vocabulary of the generated industrial catalogue: category tree, product types, filterable properties, fictional
 * manufacturers and description phrases, each in de-DE, en-GB, fr-FR and nl-NL (tuples in that order).
 *
 * Every manufacturer name is invented; standards (DIN, ISO, EN) are real public standard numbers.
 */
/** Text in the order of LOCALE_CODES (contract/locales.ts): de-DE, en-GB, fr-FR, nl-NL. */
export type T4 = readonly [string, string, string, string];

export interface PropertyValue {
  /** Localised text, or a language-neutral value (numbers are written with '.' and localised when output). */
  text: T4 | string;
  hex?: string;
}

export interface PropertyDef {
  key: string;
  name: T4;
  unit?: string;
  displayType?: 'text' | 'color';
  values: readonly PropertyValue[];
}

const nums = (...values: (number | string)[]): PropertyValue[] => values.map((v) => ({ text: String(v) }));
const t4 = (...values: T4[]): PropertyValue[] => values.map((text) => ({ text }));

/** Filterable properties by key. */
export const PROPERTIES: Record<string, PropertyDef> = {
  material: {
    key: 'material',
    name: ['Material', 'Material', 'Matériau', 'Materiaal'],
    values: t4(
      ['Stahl', 'Steel', 'Acier', 'Staal'],
      ['Edelstahl A2', 'Stainless steel A2', 'Acier inoxydable A2', 'Roestvast staal A2'],
      ['Chrom-Vanadium-Stahl', 'Chrome vanadium steel', 'Acier chrome-vanadium', 'Chroom-vanadiumstaal'],
      ['Stahl verzinkt', 'Zinc-plated steel', 'Acier zingué', 'Verzinkt staal'],
      ['Aluminium', 'Aluminium', 'Aluminium', 'Aluminium'],
      ['Kunststoff', 'Plastic', 'Plastique', 'Kunststof'],
      ['Messing', 'Brass', 'Laiton', 'Messing'],
    ),
  },
  glove_material: {
    key: 'material',
    name: ['Material', 'Material', 'Matériau', 'Materiaal'],
    values: t4(
      ['Nitril', 'Nitrile', 'Nitrile', 'Nitril'],
      ['Leder', 'Leather', 'Cuir', 'Leer'],
      ['Polyurethan', 'Polyurethane', 'Polyuréthane', 'Polyurethaan'],
    ),
  },
  colour: {
    key: 'colour',
    name: ['Farbe', 'Colour', 'Couleur', 'Kleur'],
    displayType: 'color',
    values: [
      { text: ['Rot', 'Red', 'Rouge', 'Rood'], hex: '#c0392b' },
      { text: ['Blau', 'Blue', 'Bleu', 'Blauw'], hex: '#1f5fa8' },
      { text: ['Gelb', 'Yellow', 'Jaune', 'Geel'], hex: '#f2c500' },
      { text: ['Grün', 'Green', 'Vert', 'Groen'], hex: '#2e8b3a' },
      { text: ['Schwarz', 'Black', 'Noir', 'Zwart'], hex: '#1b1b1b' },
      { text: ['Weiß', 'White', 'Blanc', 'Wit'], hex: '#ffffff' },
      { text: ['Orange', 'Orange', 'Orange', 'Oranje'], hex: '#e67e22' },
      { text: ['Grau', 'Grey', 'Gris', 'Grijs'], hex: '#7f8c8d' },
    ],
  },
  length: {
    key: 'length',
    name: ['Länge', 'Length', 'Longueur', 'Lengte'],
    unit: 'mm',
    values: nums(10, 16, 20, 25, 30, 40, 50, 60, 80, 100),
  },
  tool_length: {
    key: 'length',
    name: ['Länge', 'Length', 'Longueur', 'Lengte'],
    unit: 'mm',
    values: nums(125, 140, 160, 180, 200, 250, 300),
  },
  diameter: {
    key: 'diameter',
    name: ['Durchmesser', 'Diameter', 'Diamètre', 'Diameter'],
    unit: 'mm',
    values: nums(2, 2.5, 3, 4, 5, 6, 8, 10, 12),
  },
  disc_diameter: {
    key: 'diameter',
    name: ['Durchmesser', 'Diameter', 'Diamètre', 'Diameter'],
    unit: 'mm',
    values: nums(115, 125, 150, 180, 230),
  },
  thread: {
    key: 'thread',
    name: ['Gewinde', 'Thread', 'Filetage', 'Schroefdraad'],
    values: nums('M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16'),
  },
  width_af: {
    key: 'width_af',
    name: ['Schlüsselweite', 'Width across flats', 'Ouverture de clé', 'Sleutelwijdte'],
    unit: 'mm',
    values: nums(8, 10, 13, 17, 19, 22, 24),
  },
  blade: {
    key: 'blade',
    name: ['Klingenbreite', 'Blade width', 'Largeur de lame', 'Lemmetbreedte'],
    unit: 'mm',
    values: nums(2.5, 3, 4, 5.5, 6.5, 8),
  },
  phillips: {
    key: 'phillips',
    name: ['Kreuzschlitz-Größe', 'Phillips size', 'Taille cruciforme', 'Kruiskopmaat'],
    values: nums('PH0', 'PH1', 'PH2', 'PH3'),
  },
  weight: {
    key: 'weight',
    name: ['Gewicht', 'Weight', 'Poids', 'Gewicht'],
    unit: 'g',
    values: nums(100, 200, 300, 500, 800, 1000, 1500),
  },
  power: {
    key: 'power',
    name: ['Leistung', 'Power', 'Puissance', 'Vermogen'],
    unit: 'W',
    values: nums(500, 750, 900, 1200, 1500, 2000),
  },
  voltage: {
    key: 'voltage',
    name: ['Spannung', 'Voltage', 'Tension', 'Spanning'],
    unit: 'V',
    values: nums(12, 18, 36, 230),
  },
  glove_size: { key: 'size', name: ['Größe', 'Size', 'Taille', 'Maat'], values: nums(7, 8, 9, 10, 11) },
  shoe_size: {
    key: 'shoe_size',
    name: ['Schuhgröße', 'Shoe size', 'Pointure', 'Schoenmaat'],
    values: nums(38, 39, 40, 41, 42, 43, 44, 45, 46, 47),
  },
  tape_length: {
    key: 'tape_length',
    name: ['Bandlänge', 'Tape length', 'Longueur du ruban', 'Bandlengte'],
    unit: 'm',
    values: nums(2, 3, 5, 8, 10),
  },
  level_length: {
    key: 'length',
    name: ['Länge', 'Length', 'Longueur', 'Lengte'],
    unit: 'mm',
    values: nums(400, 600, 800, 1000, 1200, 2000),
  },
  range: {
    key: 'range',
    name: ['Messbereich', 'Measuring range', 'Plage de mesure', 'Meetbereik'],
    unit: 'mm',
    values: nums(150, 200, 300, 500),
  },
  load: {
    key: 'load',
    name: ['Traglast', 'Load capacity', 'Charge admissible', 'Draagvermogen'],
    unit: 'kg',
    values: nums(150, 250, 500, 750, 1000),
  },
  cross_section: {
    key: 'cross_section',
    name: ['Querschnitt', 'Cross-section', 'Section', 'Doorsnede'],
    unit: 'mm²',
    values: nums(0.75, 1.5, 2.5, 4, 6, 10),
  },
  tie_length: {
    key: 'length',
    name: ['Länge', 'Length', 'Longueur', 'Lengte'],
    unit: 'mm',
    values: nums(100, 140, 200, 300, 370),
  },
  torque: {
    key: 'torque',
    name: ['Drehmoment', 'Torque', 'Couple', 'Draaimoment'],
    unit: 'Nm',
    values: nums('5-25', '20-100', '40-200', '60-340'),
  },
  standard: { key: 'standard', name: ['Norm', 'Standard', 'Norme', 'Norm'], values: [] },
};

export interface LeafDef {
  key: string;
  /** Category name (plural). */
  name: T4;
  /** Product name stem (singular). */
  item: T4;
  /** Property keys (PROPERTIES) each product gets one value of. */
  props: readonly string[];
  /** Property key the variants of a family differ by. */
  variant?: string;
  /** Standards the type follows, one per product. */
  standards?: readonly string[];
  /** Net list price range per order unit in 1/100,000 EUR (BMEcat allows five decimals). */
  price: readonly [number, number];
  /** [minPurchase, purchaseSteps] choices. */
  purchase?: readonly (readonly [number, number])[];
}

export interface SubDef {
  key: string;
  name: T4;
  /** Either leaves below, or the sub-category is itself a leaf. */
  leaves?: readonly LeafDef[];
  leaf?: Omit<LeafDef, 'key' | 'name'>;
}

export interface TopDef {
  key: string;
  name: T4;
  /** Sentences for descriptions, `{item}` replaced by the product name stem. */
  phrases: readonly T4[];
  subs: readonly SubDef[];
}

const EUR = 100_000;
const SMALL_PACKS = [
  [100, 100],
  [50, 25],
  [200, 100],
] as const;

/** The generated category tree: 8 top-level categories, 2–3 levels. */
export const TAXONOMY: readonly TopDef[] = [
  {
    key: 'hand-tools',
    name: ['Handwerkzeuge', 'Hand tools', 'Outillage à main', 'Handgereedschap'],
    phrases: [
      [
        '{item} für den täglichen Einsatz in Werkstatt und Montage.',
        '{item} for daily use in workshops and assembly.',
        '{item} pour un usage quotidien en atelier et en montage.',
        '{item} voor dagelijks gebruik in werkplaats en montage.',
      ],
      [
        'Ergonomische Zwei-Komponenten-Griffe für ermüdungsfreies Arbeiten.',
        'Ergonomic two-component handles for fatigue-free work.',
        'Poignées ergonomiques bi-matière pour travailler sans fatigue.',
        'Ergonomische tweecomponentengrepen voor vermoeiingsvrij werken.',
      ],
      [
        'Geschmiedet und gehärtet, für hohe Standzeit.',
        'Forged and hardened for a long service life.',
        'Forgé et trempé pour une longue durée de vie.',
        'Gesmeed en gehard voor een lange levensduur.',
      ],
    ],
    subs: [
      {
        key: 'pliers',
        name: ['Zangen', 'Pliers', 'Pinces', 'Tangen'],
        leaves: [
          {
            key: 'combination-pliers',
            name: ['Kombizangen', 'Combination pliers', 'Pinces universelles', 'Combinatietangen'],
            item: ['Kombizange', 'Combination pliers', 'Pince universelle', 'Combinatietang'],
            props: ['material'],
            variant: 'tool_length',
            standards: ['DIN ISO 5746', 'IEC 60900'],
            price: [9 * EUR, 38 * EUR],
          },
          {
            key: 'diagonal-cutters',
            name: ['Seitenschneider', 'Diagonal cutters', 'Pinces coupantes diagonales', 'Zijkniptangen'],
            item: ['Seitenschneider', 'Diagonal cutter', 'Pince coupante diagonale', 'Zijkniptang'],
            props: ['material', 'tool_length'],
            standards: ['DIN ISO 5749'],
            price: [8 * EUR, 34 * EUR],
          },
          {
            key: 'water-pump-pliers',
            name: ['Wasserpumpenzangen', 'Water pump pliers', 'Pinces multiprises', 'Waterpomptangen'],
            item: ['Wasserpumpenzange', 'Water pump pliers', 'Pince multiprise', 'Waterpomptang'],
            props: ['material'],
            variant: 'tool_length',
            standards: ['DIN ISO 8976'],
            price: [12 * EUR, 45 * EUR],
          },
        ],
      },
      {
        key: 'screwdrivers',
        name: ['Schraubendreher', 'Screwdrivers', 'Tournevis', 'Schroevendraaiers'],
        leaves: [
          {
            key: 'slotted-screwdrivers',
            name: ['Schlitz-Schraubendreher', 'Slotted screwdrivers', 'Tournevis plats', 'Platte schroevendraaiers'],
            item: ['Schlitz-Schraubendreher', 'Slotted screwdriver', 'Tournevis plat', 'Platte schroevendraaier'],
            props: ['material'],
            variant: 'blade',
            standards: ['ISO 2380'],
            price: [3 * EUR, 12 * EUR],
          },
          {
            key: 'phillips-screwdrivers',
            name: [
              'Kreuzschlitz-Schraubendreher',
              'Phillips screwdrivers',
              'Tournevis cruciformes',
              'Kruiskopschroevendraaiers',
            ],
            item: [
              'Kreuzschlitz-Schraubendreher',
              'Phillips screwdriver',
              'Tournevis cruciforme',
              'Kruiskopschroevendraaier',
            ],
            props: ['material'],
            variant: 'phillips',
            standards: ['ISO 8764'],
            price: [3 * EUR, 13 * EUR],
          },
        ],
      },
      {
        key: 'spanners',
        name: ['Schraubenschlüssel', 'Spanners', 'Clés', 'Sleutels'],
        leaves: [
          {
            key: 'combination-spanners',
            name: ['Ringmaulschlüssel', 'Combination spanners', 'Clés mixtes', 'Ringsteeksleutels'],
            item: ['Ringmaulschlüssel', 'Combination spanner', 'Clé mixte', 'Ringsteeksleutel'],
            props: ['material'],
            variant: 'width_af',
            standards: ['DIN 3113', 'ISO 7738'],
            price: [4 * EUR, 22 * EUR],
          },
          {
            key: 'torque-wrenches',
            name: ['Drehmomentschlüssel', 'Torque wrenches', 'Clés dynamométriques', 'Momentsleutels'],
            item: ['Drehmomentschlüssel', 'Torque wrench', 'Clé dynamométrique', 'Momentsleutel'],
            props: ['material', 'tool_length'],
            variant: 'torque',
            standards: ['DIN EN ISO 6789'],
            price: [69 * EUR, 390 * EUR],
          },
        ],
      },
      {
        key: 'hammers',
        name: ['Hämmer', 'Hammers', 'Marteaux', 'Hamers'],
        leaf: {
          item: ['Schlosserhammer', 'Engineer’s hammer', 'Marteau de mécanicien', 'Bankhamer'],
          props: ['material'],
          variant: 'weight',
          standards: ['DIN 1041'],
          price: [7 * EUR, 29 * EUR],
        },
      },
    ],
  },
  {
    key: 'power-tools',
    name: ['Elektrowerkzeuge', 'Power tools', 'Outillage électroportatif', 'Elektrisch gereedschap'],
    phrases: [
      [
        '{item} für den professionellen Dauereinsatz.',
        '{item} for professional continuous use.',
        '{item} pour un usage professionnel intensif.',
        '{item} voor professioneel continu gebruik.',
      ],
      [
        'Bürstenloser Motor mit Überlastschutz.',
        'Brushless motor with overload protection.',
        'Moteur sans charbons avec protection contre les surcharges.',
        'Koolborstelloze motor met overbelastingsbeveiliging.',
      ],
      [
        'Lieferung im robusten Transportkoffer.',
        'Supplied in a sturdy carrying case.',
        'Livré dans un coffret de transport robuste.',
        'Geleverd in een stevige transportkoffer.',
      ],
    ],
    subs: [
      {
        key: 'drills',
        name: ['Bohrmaschinen', 'Drills', 'Perceuses', 'Boormachines'],
        leaves: [
          {
            key: 'cordless-drills',
            name: [
              'Akku-Bohrschrauber',
              'Cordless drill drivers',
              'Perceuses-visseuses sans fil',
              'Accuboorschroevendraaiers',
            ],
            item: [
              'Akku-Bohrschrauber',
              'Cordless drill driver',
              'Perceuse-visseuse sans fil',
              'Accuboorschroevendraaier',
            ],
            props: ['weight'],
            variant: 'voltage',
            standards: ['EN 62841-2-1'],
            price: [89 * EUR, 420 * EUR],
          },
          {
            key: 'impact-drills',
            name: ['Schlagbohrmaschinen', 'Impact drills', 'Perceuses à percussion', 'Klopboormachines'],
            item: ['Schlagbohrmaschine', 'Impact drill', 'Perceuse à percussion', 'Klopboormachine'],
            props: ['power', 'weight'],
            standards: ['EN 62841-2-1'],
            price: [69 * EUR, 310 * EUR],
          },
        ],
      },
      {
        key: 'angle-grinders',
        name: ['Winkelschleifer', 'Angle grinders', 'Meuleuses d’angle', 'Haakse slijpers'],
        leaf: {
          item: ['Winkelschleifer', 'Angle grinder', 'Meuleuse d’angle', 'Haakse slijper'],
          props: ['power'],
          variant: 'disc_diameter',
          standards: ['EN 62841-2-3'],
          price: [59 * EUR, 340 * EUR],
        },
      },
      {
        key: 'power-tool-accessories',
        name: ['Zubehör', 'Accessories', 'Accessoires', 'Toebehoren'],
        leaves: [
          {
            key: 'hss-drill-bits',
            name: ['HSS-Bohrer', 'HSS drill bits', 'Forets HSS', 'HSS-boren'],
            item: ['HSS-Spiralbohrer', 'HSS twist drill', 'Foret hélicoïdal HSS', 'HSS-spiraalboor'],
            props: ['material'],
            variant: 'diameter',
            standards: ['DIN 338'],
            price: [80_000, 9 * EUR],
            purchase: [
              [1, 1],
              [10, 10],
            ],
          },
          {
            key: 'cutting-discs',
            name: ['Trennscheiben', 'Cutting discs', 'Disques à tronçonner', 'Doorslijpschijven'],
            item: ['Trennscheibe', 'Cutting disc', 'Disque à tronçonner', 'Doorslijpschijf'],
            props: ['material'],
            variant: 'disc_diameter',
            standards: ['EN 12413'],
            price: [90_000, 6 * EUR],
            purchase: [
              [10, 10],
              [25, 25],
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'fasteners',
    name: ['Befestigungstechnik', 'Fasteners', 'Fixations', 'Bevestigingsmiddelen'],
    phrases: [
      [
        '{item} in geprüfter Industriequalität.',
        '{item} in tested industrial quality.',
        '{item} de qualité industrielle contrôlée.',
        '{item} in geteste industriële kwaliteit.',
      ],
      [
        'Maßhaltig gefertigt nach Norm, rückverfolgbar je Charge.',
        'Made to standard dimensions, traceable per batch.',
        'Fabriqué selon la norme, traçable par lot.',
        'Maatvast volgens norm gefabriceerd, per charge traceerbaar.',
      ],
      [
        'Im Industriekarton für die Lagerhaltung.',
        'Packed in industrial cartons for storage.',
        'Conditionné en carton industriel pour le stockage.',
        'Verpakt in industriële dozen voor opslag.',
      ],
    ],
    subs: [
      {
        key: 'screws',
        name: ['Schrauben', 'Screws', 'Vis', 'Schroeven'],
        leaves: [
          {
            key: 'hexagon-bolts',
            name: ['Sechskantschrauben', 'Hexagon bolts', 'Vis à tête hexagonale', 'Zeskantbouten'],
            item: ['Sechskantschraube', 'Hexagon bolt', 'Vis à tête hexagonale', 'Zeskantbout'],
            props: ['material', 'thread'],
            variant: 'length',
            standards: ['DIN 933', 'ISO 4017'],
            price: [1_400, 60_000],
            purchase: SMALL_PACKS,
          },
          {
            key: 'socket-head-cap-screws',
            name: ['Innensechskantschrauben', 'Socket head cap screws', 'Vis CHC', 'Cilinderkopschroeven'],
            item: [
              'Zylinderschraube mit Innensechskant',
              'Socket head cap screw',
              'Vis à tête cylindrique six pans creux',
              'Cilinderkopschroef met binnenzeskant',
            ],
            props: ['material', 'thread'],
            variant: 'length',
            standards: ['DIN 912', 'ISO 4762'],
            price: [1_800, 75_000],
            purchase: SMALL_PACKS,
          },
          {
            key: 'wood-screws',
            name: ['Holzschrauben', 'Wood screws', 'Vis à bois', 'Houtschroeven'],
            item: ['Holzschraube', 'Wood screw', 'Vis à bois', 'Houtschroef'],
            props: ['material', 'diameter'],
            variant: 'length',
            standards: ['DIN 7997', 'EN 14592'],
            price: [900, 20_000],
            purchase: SMALL_PACKS,
          },
        ],
      },
      {
        key: 'nuts-washers',
        name: ['Muttern & Scheiben', 'Nuts & washers', 'Écrous et rondelles', 'Moeren en ringen'],
        leaves: [
          {
            key: 'hexagon-nuts',
            name: ['Sechskantmuttern', 'Hexagon nuts', 'Écrous hexagonaux', 'Zeskantmoeren'],
            item: ['Sechskantmutter', 'Hexagon nut', 'Écrou hexagonal', 'Zeskantmoer'],
            props: ['material'],
            variant: 'thread',
            standards: ['DIN 934', 'ISO 4032'],
            price: [600, 15_000],
            purchase: SMALL_PACKS,
          },
          {
            key: 'washers',
            name: ['Unterlegscheiben', 'Washers', 'Rondelles', 'Sluitringen'],
            item: ['Unterlegscheibe', 'Washer', 'Rondelle plate', 'Sluitring'],
            props: ['material'],
            variant: 'thread',
            standards: ['DIN 125', 'ISO 7089'],
            price: [300, 8_000],
            purchase: SMALL_PACKS,
          },
        ],
      },
      {
        key: 'wall-plugs',
        name: ['Dübel', 'Wall plugs', 'Chevilles', 'Pluggen'],
        leaf: {
          item: ['Spreizdübel', 'Expansion plug', 'Cheville à expansion', 'Spreidplug'],
          props: ['material', 'length'],
          variant: 'diameter',
          standards: ['ETA-Zulassung'],
          price: [2_000, 40_000],
          purchase: [
            [50, 50],
            [100, 100],
          ],
        },
      },
    ],
  },
  {
    key: 'safety',
    name: ['Arbeitsschutz', 'Safety & PPE', 'Sécurité et EPI', 'Veiligheid en PBM'],
    phrases: [
      [
        '{item} für sicheres Arbeiten in Industrie und Handwerk.',
        '{item} for safe work in industry and trade.',
        '{item} pour travailler en sécurité dans l’industrie et l’artisanat.',
        '{item} voor veilig werken in industrie en ambacht.',
      ],
      [
        'Geprüft und zertifiziert nach europäischer PSA-Verordnung.',
        'Tested and certified to the European PPE regulation.',
        'Testé et certifié selon le règlement européen EPI.',
        'Getest en gecertificeerd volgens de Europese PBM-verordening.',
      ],
      [
        'Angenehmer Tragekomfort auch bei langen Schichten.',
        'Comfortable to wear even on long shifts.',
        'Confortable à porter même lors de longues journées.',
        'Comfortabel in gebruik, ook tijdens lange diensten.',
      ],
    ],
    subs: [
      {
        key: 'gloves',
        name: ['Schutzhandschuhe', 'Protective gloves', 'Gants de protection', 'Werkhandschoenen'],
        leaf: {
          item: ['Schutzhandschuh', 'Protective glove', 'Gant de protection', 'Werkhandschoen'],
          props: ['glove_material', 'colour'],
          variant: 'glove_size',
          standards: ['EN 388', 'EN 407'],
          price: [1 * EUR, 9 * EUR],
          purchase: [
            [1, 1],
            [12, 12],
          ],
        },
      },
      {
        key: 'safety-glasses',
        name: ['Schutzbrillen', 'Safety glasses', 'Lunettes de protection', 'Veiligheidsbrillen'],
        leaf: {
          item: ['Schutzbrille', 'Safety glasses', 'Lunettes de protection', 'Veiligheidsbril'],
          props: ['colour'],
          standards: ['EN 166', 'EN 170'],
          price: [4 * EUR, 24 * EUR],
        },
      },
      {
        key: 'safety-shoes',
        name: ['Sicherheitsschuhe', 'Safety shoes', 'Chaussures de sécurité', 'Veiligheidsschoenen'],
        leaf: {
          item: ['Sicherheitsschuh S3', 'Safety shoe S3', 'Chaussure de sécurité S3', 'Veiligheidsschoen S3'],
          props: ['colour'],
          variant: 'shoe_size',
          standards: ['EN ISO 20345'],
          price: [45 * EUR, 149 * EUR],
        },
      },
      {
        key: 'helmets',
        name: ['Schutzhelme', 'Safety helmets', 'Casques de protection', 'Veiligheidshelmen'],
        leaf: {
          item: ['Schutzhelm', 'Safety helmet', 'Casque de protection', 'Veiligheidshelm'],
          props: ['material'],
          variant: 'colour',
          standards: ['EN 397'],
          price: [9 * EUR, 39 * EUR],
        },
      },
    ],
  },
  {
    key: 'measuring',
    name: ['Messtechnik', 'Measuring tools', 'Mesure', 'Meetgereedschap'],
    phrases: [
      [
        '{item} für präzise Messungen in Fertigung und Qualitätssicherung.',
        '{item} for precise measurement in production and quality control.',
        '{item} pour des mesures précises en production et contrôle qualité.',
        '{item} voor nauwkeurige metingen in productie en kwaliteitscontrole.',
      ],
      [
        'Kalibrierfähig, mit gut ablesbarer Skala.',
        'Calibratable, with an easy-to-read scale.',
        'Étalonnable, avec une échelle bien lisible.',
        'Kalibreerbaar, met goed afleesbare schaal.',
      ],
    ],
    subs: [
      {
        key: 'calipers',
        name: ['Messschieber', 'Calipers', 'Pieds à coulisse', 'Schuifmaten'],
        leaf: {
          item: ['Digital-Messschieber', 'Digital caliper', 'Pied à coulisse numérique', 'Digitale schuifmaat'],
          props: ['material'],
          variant: 'range',
          standards: ['DIN 862'],
          price: [19 * EUR, 180 * EUR],
        },
      },
      {
        key: 'tape-measures',
        name: ['Maßbänder', 'Tape measures', 'Mètres rubans', 'Rolmaten'],
        leaf: {
          item: ['Rollbandmaß', 'Tape measure', 'Mètre ruban', 'Rolmaat'],
          props: ['colour'],
          variant: 'tape_length',
          standards: ['EG-Klasse II'],
          price: [3 * EUR, 26 * EUR],
        },
      },
      {
        key: 'spirit-levels',
        name: ['Wasserwaagen', 'Spirit levels', 'Niveaux à bulle', 'Waterpassen'],
        leaf: {
          item: ['Wasserwaage', 'Spirit level', 'Niveau à bulle', 'Waterpas'],
          props: ['material'],
          variant: 'level_length',
          standards: ['DIN 877'],
          price: [12 * EUR, 95 * EUR],
        },
      },
    ],
  },
  {
    key: 'workshop',
    name: ['Betriebseinrichtung', 'Workshop equipment', 'Équipement d’atelier', 'Werkplaatsinrichting'],
    phrases: [
      [
        '{item} für eine aufgeräumte, effiziente Werkstatt.',
        '{item} for a tidy, efficient workshop.',
        '{item} pour un atelier rangé et efficace.',
        '{item} voor een opgeruimde, efficiënte werkplaats.',
      ],
      [
        'Stabile Stahlkonstruktion, pulverbeschichtet.',
        'Sturdy powder-coated steel construction.',
        'Construction en acier robuste, thermolaquée.',
        'Stevige, gepoedercoate stalen constructie.',
      ],
    ],
    subs: [
      {
        key: 'workbenches',
        name: ['Werkbänke', 'Workbenches', 'Établis', 'Werkbanken'],
        leaf: {
          item: ['Werkbank', 'Workbench', 'Établi', 'Werkbank'],
          props: ['load', 'colour'],
          standards: ['DIN EN 1729'],
          price: [290 * EUR, 1_450 * EUR],
        },
      },
      {
        key: 'tool-trolleys',
        name: ['Werkzeugwagen', 'Tool trolleys', 'Servantes d’atelier', 'Gereedschapswagens'],
        leaf: {
          item: ['Werkzeugwagen', 'Tool trolley', 'Servante d’atelier', 'Gereedschapswagen'],
          props: ['load'],
          variant: 'colour',
          price: [190 * EUR, 990 * EUR],
        },
      },
      {
        key: 'shelving',
        name: ['Regale', 'Shelving', 'Rayonnages', 'Stellingen'],
        leaf: {
          item: ['Steckregal', 'Boltless shelving unit', 'Rayonnage à emboîter', 'Steekstelling'],
          props: ['load', 'material'],
          standards: ['DIN EN 15635'],
          price: [79 * EUR, 640 * EUR],
        },
      },
    ],
  },
  {
    key: 'welding',
    name: ['Schweißtechnik', 'Welding', 'Soudage', 'Lastechniek'],
    phrases: [
      [
        '{item} für sauberes Schweißen in Werkstatt und Montage.',
        '{item} for clean welding in workshop and on site.',
        '{item} pour un soudage propre en atelier et sur chantier.',
        '{item} voor schoon lassen in werkplaats en op locatie.',
      ],
      [
        'Beachten Sie das Sicherheitsdatenblatt.',
        'Please observe the safety data sheet.',
        'Veuillez respecter la fiche de données de sécurité.',
        'Neem het veiligheidsinformatieblad in acht.',
      ],
    ],
    subs: [
      {
        key: 'welding-machines',
        name: ['Schweißgeräte', 'Welding machines', 'Postes à souder', 'Lasapparaten'],
        leaf: {
          item: ['Inverter-Schweißgerät', 'Inverter welding machine', 'Poste à souder inverter', 'Inverterlasapparaat'],
          props: ['power', 'weight'],
          standards: ['EN IEC 60974-1'],
          price: [290 * EUR, 2_400 * EUR],
        },
      },
      {
        key: 'electrodes',
        name: ['Schweißelektroden', 'Welding electrodes', 'Électrodes de soudage', 'Laselektroden'],
        leaf: {
          item: ['Stabelektrode rutil', 'Rutile electrode', 'Électrode rutile', 'Rutielelektrode'],
          props: ['length'],
          variant: 'diameter',
          standards: ['EN ISO 2560-A'],
          price: [8_000, 90_000],
          purchase: [
            [50, 50],
            [100, 100],
          ],
        },
      },
      {
        key: 'welding-protection',
        name: ['Schweißerschutz', 'Welding protection', 'Protection du soudeur', 'Lasbescherming'],
        leaf: {
          item: [
            'Automatik-Schweißhelm',
            'Auto-darkening welding helmet',
            'Masque de soudage automatique',
            'Automatische lashelm',
          ],
          props: ['colour', 'weight'],
          standards: ['EN 379', 'EN 175'],
          price: [39 * EUR, 260 * EUR],
        },
      },
    ],
  },
  {
    key: 'electrical',
    name: ['Elektroinstallation', 'Electrical installation', 'Installation électrique', 'Elektrische installatie'],
    phrases: [
      [
        '{item} für die fachgerechte Elektroinstallation.',
        '{item} for professional electrical installation.',
        '{item} pour une installation électrique dans les règles de l’art.',
        '{item} voor vakkundige elektrische installatie.',
      ],
      [
        'Halogenfrei und UV-beständig.',
        'Halogen-free and UV-resistant.',
        'Sans halogène et résistant aux UV.',
        'Halogeenvrij en UV-bestendig.',
      ],
    ],
    subs: [
      {
        key: 'cables',
        name: ['Kabel & Leitungen', 'Cables & wires', 'Câbles et fils', 'Kabels en draden'],
        leaf: {
          item: [
            'Installationsleitung NYM-J',
            'Installation cable NYM-J',
            'Câble d’installation NYM-J',
            'Installatiekabel NYM-J',
          ],
          props: ['colour'],
          variant: 'cross_section',
          standards: ['DIN VDE 0250-204'],
          price: [45_000, 6 * EUR],
          purchase: [
            [1, 1],
            [50, 50],
            [100, 100],
          ],
        },
      },
      {
        key: 'cable-ties',
        name: ['Kabelbinder', 'Cable ties', 'Colliers de serrage', 'Kabelbinders'],
        leaf: {
          item: ['Kabelbinder', 'Cable tie', 'Collier de serrage', 'Kabelbinder'],
          props: ['colour', 'material'],
          variant: 'tie_length',
          standards: ['EN 62275'],
          price: [700, 9_000],
          purchase: [
            [10, 10],
            [100, 100],
          ],
        },
      },
      {
        key: 'voltage-testers',
        name: ['Spannungsprüfer', 'Voltage testers', 'Testeurs de tension', 'Spanningzoekers'],
        leaf: {
          item: [
            'Zweipoliger Spannungsprüfer',
            'Two-pole voltage tester',
            'Testeur de tension bipolaire',
            'Tweepolige spanningzoeker',
          ],
          props: ['voltage'],
          standards: ['EN 61243-3'],
          price: [19 * EUR, 149 * EUR],
        },
      },
    ],
  },
];

/** Fictional manufacturers (invented names; no real brands). */
export const MANUFACTURERS: readonly string[] = [
  'Hollberg Präzisionswerkzeuge',
  'Ferravan Industrietechnik',
  'Quintor Tools',
  'Brandauer Werkzeugbau',
  'Lumexa Safety',
  'Velmont Industrie',
  'Van Kerkhove Techniek',
  'Tessarin Utensili',
  'Orvik Measuring',
  'Kardell Schweißtechnik',
  'Stavrin Befestigungen',
  'Elvaro Elektro',
];

/** Product lines that qualify a product name. */
export const PRODUCT_LINES: readonly string[] = [
  'Basic',
  'Pro',
  'Pro XL',
  'Expert',
  'Industrie',
  'Compact',
  'Titan',
  'Eco',
  'Plus',
  'Master',
];

/** Labels of generated documents. */
export const DATA_SHEET_LABEL: T4 = [
  'Technisches Datenblatt',
  'Technical data sheet',
  'Fiche technique',
  'Technisch gegevensblad',
];
export const SAFETY_SHEET_LABEL: T4 = [
  'Sicherheitsdatenblatt',
  'Safety data sheet',
  'Fiche de données de sécurité',
  'Veiligheidsinformatieblad',
];
export const STANDARD_PHRASE: T4 = [
  'Norm: {standard}.',
  'Standard: {standard}.',
  'Norme : {standard}.',
  'Norm: {standard}.',
];
export const MANUFACTURER_PHRASE: T4 = [
  'Hersteller: {manufacturer}.',
  'Manufacturer: {manufacturer}.',
  'Fabricant : {manufacturer}.',
  'Fabrikant: {manufacturer}.',
];
