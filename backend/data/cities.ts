/**
 * A small built-in list of real postal codes and their places for the registration form's city search
 * (`{provider}/register/cities/search`, feature flag "city search"): the larger places of Belgium, the Netherlands,
 * Germany, Austria and France. Not exhaustive: the form accepts any well-formed postal code; the list only helps
 * typing. Sources: the national postal operators' public code lists (bpost, PostNL, Deutsche Post, Post AG, La Poste).
 * The postal-code formats are the contract's (contract/countries.ts `isValidPostalCode`).
 */
import type { CountryCode } from '../../contract/countries.ts';
import type { City } from '../../contract/provider/registration.ts';

/** `zipcode:city` pairs per country, `;`-separated, to keep the file compact. */
const RAW: Record<CountryCode, string> = {
  BE: `1000:Brussel;1020:Laken;1030:Schaarbeek;1040:Etterbeek;1050:Elsene;1060:Sint-Gillis;1070:Anderlecht;1080:Sint-Jans-Molenbeek;1081:Koekelberg;1082:Sint-Agatha-Berchem;1083:Ganshoren;1090:Jette;1120:Neder-Over-Heembeek;1130:Haren;1140:Evere;1150:Sint-Pieters-Woluwe;1160:Oudergem;1170:Watermaal-Bosvoorde;1180:Ukkel;1190:Vorst;1200:Sint-Lambrechts-Woluwe;1210:Sint-Joost-ten-Node;1300:Wavre;1310:La Hulpe;1330:Rixensart;1340:Ottignies-Louvain-la-Neuve;1348:Louvain-la-Neuve;1400:Nivelles;1410:Waterloo;1420:Braine-l'Alleud;1480:Tubize;1500:Halle;1600:Sint-Pieters-Leeuw;1700:Dilbeek;1731:Zellik;1800:Vilvoorde;1830:Machelen;1930:Zaventem;1970:Wezembeek-Oppem;2000:Antwerpen;2018:Antwerpen;2020:Antwerpen;2030:Antwerpen;2040:Antwerpen;2050:Antwerpen;2060:Antwerpen;2100:Deurne;2140:Borgerhout;2150:Borsbeek;2170:Merksem;2180:Ekeren;2200:Herentals;2300:Turnhout;2400:Mol;2440:Geel;2500:Lier;2550:Kontich;2600:Berchem;2610:Wilrijk;2627:Schelle;2630:Aartselaar;2640:Mortsel;2650:Edegem;2660:Hoboken;2800:Mechelen;2830:Willebroek;2850:Boom;2900:Schoten;2930:Brasschaat;2950:Kapellen;3000:Leuven;3001:Heverlee;3010:Kessel-Lo;3200:Aarschot;3290:Diest;3300:Tienen;3500:Hasselt;3520:Zonhoven;3530:Houthalen-Helchteren;3550:Heusden-Zolder;3580:Beringen;3600:Genk;3630:Maasmechelen;3700:Tongeren;3800:Sint-Truiden;3900:Pelt;3920:Lommel;4000:Liège;4020:Liège;4100:Seraing;4300:Waremme;4400:Flémalle;4430:Ans;4500:Huy;4600:Visé;4700:Eupen;4800:Verviers;4900:Spa;5000:Namur;5100:Jambes;5300:Andenne;5500:Dinant;6000:Charleroi;6001:Marcinelle;6040:Jumet;6200:Châtelet;6700:Arlon;6800:Libramont-Chevigny;6900:Marche-en-Famenne;7000:Mons;7100:La Louvière;7500:Tournai;7700:Mouscron;7800:Ath;8000:Brugge;8200:Sint-Andries;8300:Knokke-Heist;8400:Oostende;8500:Kortrijk;8510:Marke;8530:Harelbeke;8560:Wevelgem;8600:Diksmuide;8620:Nieuwpoort;8630:Veurne;8660:De Panne;8670:Koksijde;8700:Tielt;8790:Waregem;8800:Roeselare;8870:Izegem;8900:Ieper;8930:Menen;9000:Gent;9030:Mariakerke;9040:Sint-Amandsberg;9050:Gentbrugge;9051:Sint-Denijs-Westrem;9052:Zwijnaarde;9100:Sint-Niklaas;9120:Beveren;9140:Temse;9160:Lokeren;9200:Dendermonde;9220:Hamme;9240:Zele;9300:Aalst;9400:Ninove;9500:Geraardsbergen;9600:Ronse;9700:Oudenaarde;9800:Deinze;9820:Merelbeke;9880:Aalter;9900:Eeklo;9940:Evergem`,
  NL: `1011:Amsterdam;1012:Amsterdam;1013:Amsterdam;1017:Amsterdam;1043:Amsterdam;1066:Amsterdam;1071:Amsterdam;1102:Amsterdam;1181:Amstelveen;1211:Hilversum;1300:Almere;1315:Almere;1381:Weesp;1401:Bussum;1411:Naarden;1431:Aalsmeer;1441:Purmerend;1501:Zaandam;1621:Hoorn;1701:Heerhugowaard;1811:Alkmaar;1901:Castricum;1941:Beverwijk;1971:IJmuiden;2011:Haarlem;2012:Haarlem;2101:Heemstede;2132:Hoofddorp;2201:Noordwijk;2311:Leiden;2312:Leiden;2400:Alphen aan den Rijn;2511:Den Haag;2512:Den Haag;2521:Den Haag;2595:Den Haag;2611:Delft;2628:Delft;2711:Zoetermeer;2801:Gouda;2901:Capelle aan den IJssel;3011:Rotterdam;3012:Rotterdam;3013:Rotterdam;3031:Rotterdam;3071:Rotterdam;3111:Schiedam;3131:Vlaardingen;3201:Spijkenisse;3311:Dordrecht;3431:Nieuwegein;3511:Utrecht;3512:Utrecht;3521:Utrecht;3584:Utrecht;3701:Zeist;3811:Amersfoort;3901:Veenendaal;4001:Tiel;4101:Culemborg;4201:Gorinchem;4331:Middelburg;4381:Vlissingen;4461:Goes;4501:Oostburg;4611:Bergen op Zoom;4701:Roosendaal;4811:Breda;4901:Oosterhout;5011:Tilburg;5038:Tilburg;5211:'s-Hertogenbosch;5401:Uden;5461:Veghel;5611:Eindhoven;5612:Eindhoven;5651:Eindhoven;5701:Helmond;5911:Venlo;6041:Roermond;6131:Sittard;6211:Maastricht;6221:Maastricht;6411:Heerlen;6511:Nijmegen;6525:Nijmegen;6711:Ede;6811:Arnhem;6821:Arnhem;7001:Doetinchem;7201:Zutphen;7311:Apeldoorn;7411:Deventer;7511:Enschede;7551:Hengelo;7601:Almelo;7811:Emmen;8011:Zwolle;8201:Lelystad;8911:Leeuwarden;9401:Assen;9711:Groningen;9712:Groningen;9727:Groningen`,
  DE: `01067:Dresden;04109:Leipzig;06108:Halle (Saale);07743:Jena;09111:Chemnitz;10115:Berlin;10117:Berlin;10178:Berlin;10243:Berlin;10557:Berlin;10785:Berlin;12043:Berlin;13347:Berlin;14467:Potsdam;18055:Rostock;19053:Schwerin;20095:Hamburg;20354:Hamburg;21073:Hamburg;22767:Hamburg;23552:Lübeck;24103:Kiel;26122:Oldenburg;27568:Bremerhaven;28195:Bremen;30159:Hannover;31134:Hildesheim;32052:Herford;33098:Paderborn;33602:Bielefeld;34117:Kassel;35390:Gießen;36037:Fulda;37073:Göttingen;38100:Braunschweig;38440:Wolfsburg;39104:Magdeburg;40210:Düsseldorf;40213:Düsseldorf;41061:Mönchengladbach;41460:Neuss;42103:Wuppertal;42651:Solingen;44135:Dortmund;44787:Bochum;45127:Essen;45879:Gelsenkirchen;46045:Oberhausen;46236:Bottrop;47051:Duisburg;47798:Krefeld;48143:Münster;49074:Osnabrück;50667:Köln;50672:Köln;51373:Leverkusen;52062:Aachen;53111:Bonn;54290:Trier;55116:Mainz;56068:Koblenz;57072:Siegen;58095:Hagen;59065:Hamm;60311:Frankfurt am Main;60313:Frankfurt am Main;63065:Offenbach am Main;64283:Darmstadt;65183:Wiesbaden;66111:Saarbrücken;67059:Ludwigshafen am Rhein;68159:Mannheim;69117:Heidelberg;70173:Stuttgart;71634:Ludwigsburg;72070:Tübingen;73728:Esslingen am Neckar;74072:Heilbronn;75175:Pforzheim;76133:Karlsruhe;77652:Offenburg;78462:Konstanz;79098:Freiburg im Breisgau;80331:München;80333:München;81541:München;82110:Germering;83022:Rosenheim;84028:Landshut;85049:Ingolstadt;86150:Augsburg;87435:Kempten (Allgäu);88212:Ravensburg;89073:Ulm;90402:Nürnberg;91052:Erlangen;93047:Regensburg;94032:Passau;95444:Bayreuth;96047:Bamberg;97070:Würzburg;98527:Suhl;99084:Erfurt`,
  AT: `1010:Wien;1020:Wien;1030:Wien;1040:Wien;1050:Wien;1060:Wien;1070:Wien;1080:Wien;1090:Wien;1100:Wien;1110:Wien;1120:Wien;1130:Wien;1140:Wien;1150:Wien;1160:Wien;1170:Wien;1180:Wien;1190:Wien;1200:Wien;1210:Wien;1220:Wien;1230:Wien;2000:Stockerau;2340:Mödling;2500:Baden;2700:Wiener Neustadt;3100:St. Pölten;3500:Krems an der Donau;4020:Linz;4040:Linz;4400:Steyr;4600:Wels;4810:Gmunden;5020:Salzburg;5400:Hallein;5700:Zell am See;6020:Innsbruck;6060:Hall in Tirol;6300:Wörgl;6330:Kufstein;6850:Dornbirn;6900:Bregenz;6800:Feldkirch;7000:Eisenstadt;8010:Graz;8020:Graz;8700:Leoben;8430:Leibnitz;9020:Klagenfurt am Wörthersee;9500:Villach;9900:Lienz`,
  FR: `75001:Paris;75002:Paris;75008:Paris;75011:Paris;75015:Paris;75016:Paris;75017:Paris;75018:Paris;75020:Paris;13001:Marseille;13008:Marseille;69001:Lyon;69002:Lyon;69003:Lyon;69007:Lyon;31000:Toulouse;06000:Nice;44000:Nantes;67000:Strasbourg;34000:Montpellier;33000:Bordeaux;59000:Lille;59100:Roubaix;59200:Tourcoing;59300:Valenciennes;59140:Dunkerque;62000:Arras;62100:Calais;62200:Boulogne-sur-Mer;35000:Rennes;51100:Reims;76600:Le Havre;42000:Saint-Étienne;83000:Toulon;38000:Grenoble;21000:Dijon;49000:Angers;30000:Nîmes;63000:Clermont-Ferrand;72000:Le Mans;13100:Aix-en-Provence;29200:Brest;37000:Tours;80000:Amiens;87000:Limoges;74000:Annecy;66000:Perpignan;57000:Metz;54000:Nancy;25000:Besançon;45000:Orléans;68100:Mulhouse;76000:Rouen;14000:Caen;08000:Charleville-Mézières;02100:Saint-Quentin;60000:Beauvais;68000:Colmar;64000:Pau;86000:Poitiers;17000:La Rochelle;56100:Lorient;92100:Boulogne-Billancourt;93200:Saint-Denis;94000:Créteil;95000:Cergy;78000:Versailles;91000:Évry-Courcouronnes;77000:Melun`,
};

/** Every city of the list, in file order. */
export const CITIES: readonly City[] = (Object.entries(RAW) as [CountryCode, string][]).flatMap(([country, list]) =>
  list.split(';').map((pair) => {
    const i = pair.indexOf(':');
    return { zipcode: pair.slice(0, i), city: pair.slice(i + 1), country };
  }),
);

/** Folds case and accents for matching ("Liege" finds "Liège"). */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * Cities whose postal code starts with `zipcode` (the numeric part of a Dutch code is enough) or whose name starts
 * with `city` (case- and accent-insensitive; then also names containing it), optionally in one `country`.
 *
 * @returns at most `limit` matches (default 20), postal-code order within a country.
 */
export function searchCities(
  query: { zipcode?: string | undefined; city?: string | undefined; country?: string | undefined },
  limit = 20,
): City[] {
  const country = query.country?.trim().toUpperCase();
  const pool = country ? CITIES.filter((c) => c.country === country) : CITIES;
  const zip = query.zipcode?.replace(/\s+/g, '').toUpperCase();
  if (zip) {
    // A full Dutch code (1011AB): the list holds its 4-digit area, in the Netherlands only.
    if (/^\d{4}[A-Z]{2}$/.test(zip)) {
      return pool.filter((c) => c.country === 'NL' && c.zipcode === zip.slice(0, 4)).slice(0, limit);
    }
    return pool.filter((c) => c.zipcode.startsWith(zip)).slice(0, limit);
  }
  const name = query.city ? fold(query.city) : '';
  if (!name) return [];
  const starts = pool.filter((c) => fold(c.city).startsWith(name));
  const contains = pool.filter((c) => !fold(c.city).startsWith(name) && fold(c.city).includes(name));
  const seen = new Set<string>();
  return [...starts, ...contains]
    .filter((c) => {
      const k = `${c.country}:${c.zipcode}:${c.city}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, limit);
}
