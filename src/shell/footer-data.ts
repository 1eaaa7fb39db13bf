/**
 * Content of the fallback footer: regional contact locations (east, south, west, north; two entries each with city,
 * phone and e-mail) and four physical shops (title, city, opening hours, address, phone, e-mail), open Monday to
 * Friday 8:00 to 17:00. Contact data is the demo company's.
 */

export interface FooterLocationEntry {
  city: string;
  phone: string;
  email: string;
}

export interface FooterShop {
  title: string;
  city: string;
  address: string;
  phone: string;
  email: string;
}

/** Two entries per region, in the order east, south, west, north. */
export const FOOTER_LOCATIONS: Record<'east' | 'south' | 'west' | 'north', FooterLocationEntry[]> = {
  east: [
    { city: 'Brunn am Gebirge', phone: '+43 2236 000 100', email: 'ost@werkbank.example' },
    { city: 'Waidhofen an der Ybbs', phone: '+43 7442 000 110', email: 'waidhofen@werkbank.example' },
  ],
  south: [
    { city: 'Graz', phone: '+43 316 000 200', email: 'sued@werkbank.example' },
    { city: 'Villach', phone: '+43 4242 000 210', email: 'villach@werkbank.example' },
  ],
  west: [
    { city: 'Salzburg', phone: '+43 662 000 300', email: 'west@werkbank.example' },
    { city: 'Pasching', phone: '+43 7229 000 310', email: 'pasching@werkbank.example' },
  ],
  north: [
    { city: 'Antwerpen', phone: '+32 3 000 04 00', email: 'noord@werkbank.example' },
    { city: 'Hasselt', phone: '+32 11 00 04 10', email: 'hasselt@werkbank.example' },
  ],
};

/** The four shops (opening hours are the same for all: footer.openingHoursValue). */
export const FOOTER_SHOPS: FooterShop[] = [
  {
    title: 'Werkbank Shop Graz',
    city: 'Graz',
    address: 'Industriestraße 12, 8020 Graz',
    phone: '+43 316 000 250',
    email: 'shop.graz@werkbank.example',
  },
  {
    title: 'Werkbank Shop Villach',
    city: 'Villach',
    address: 'Werkstraße 5, 9500 Villach',
    phone: '+43 4242 000 250',
    email: 'shop.villach@werkbank.example',
  },
  {
    title: 'Werkbank Shop Pasching',
    city: 'Pasching',
    address: 'Gewerbepark 3, 4061 Pasching',
    phone: '+43 7229 000 350',
    email: 'shop.pasching@werkbank.example',
  },
  {
    title: 'Werkbank Shop Salzburg',
    city: 'Salzburg',
    address: 'Handelsweg 8, 5020 Salzburg',
    phone: '+43 662 000 350',
    email: 'shop.salzburg@werkbank.example',
  },
];
