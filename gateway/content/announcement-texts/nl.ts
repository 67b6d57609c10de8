import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Dutch, newest first. */
export const nl: readonly AnnouncementText[] = [
  {
    title: 'Nieuwe notering: spothandel in SUI/USDT',
    lead: 'SUI, de eigen token van de Sui-blockchain, komt naar onze spotmarkt. Het paar SUI/USDT opent op {opens} voor de handel.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Handelspaar', 'SUI/USDT'],
          ['Markt', 'Spot'],
          ['Start van de handel', '{opens}'],
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'Limiet- en marktorders zijn beschikbaar zodra de handel opent.',
          'Stortingen en opnames van SUI zijn nog niet mogelijk; die kondigen we apart aan.',
          'De koers van een pas genoteerde coin kan sterk bewegen. Overweeg limietorders en handel alleen met geld dat je kunt missen.',
        ],
      },
    ],
    action: 'Handel in SUI/USDT',
  },
  {
    title: 'Gepland onderhoud: stortingen en opnames van ETH',
    lead: 'Van {start} tot {end} werken we onze Ethereum-wallet bij. In die tijd zijn stortingen en opnames van ETH gepauzeerd.',
    sections: [
      {
        heading: 'Planning',
        facts: [
          ['Betreft', 'Stortingen en opnames van ETH (ERC20)'],
          ['Begin', '{start}'],
          ['Einde', '{end}'],
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'De handel in ETH op de spot- en futuresmarkt gaat gewoon door.',
          'Een storting die je tijdens het onderhoud verstuurt, wordt na afloop bijgeschreven; je hoeft hem niet opnieuw te versturen.',
          'Is het werk eerder klaar, dan gaan stortingen en opnames zonder verdere aankondiging weer open.',
        ],
      },
    ],
    action: 'Naar stortingen',
  },
  {
    title: 'Spothandelswedstrijd op USDT-paren',
    lead: 'Handel van {start} tot {end} in elk spotpaar dat in USDT genoteerd is en maak kans op een deel van een prijzenpot van {pool} USDT.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Begin', '{start}'],
          ['Einde', '{end}'],
          ['Prijzenpot', '{pool} USDT'],
          ['Minimaal volume om mee te doen', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Regels',
        points: [
          'Deelnemers worden gerangschikt op hun spothandelsvolume in USDT-paren tijdens de wedstrijd. De beste {winners} delen de prijzenpot naar verhouding van hun volume.',
          'Het volume van een subaccount telt mee voor het hoofdaccount. Trades in de simulatiemodus tellen niet mee.',
          'Beloningen worden binnen 7 dagen na het einde van de wedstrijd op de spotrekening van de winnaars bijgeschreven. Accounts die aan wash trading doen, worden uitgesloten.',
        ],
      },
    ],
    action: 'Begin met handelen',
  },
  {
    title: 'Bewijs van reserves: controleer of je saldo meetelt',
    lead: 'Onze pagina met het bewijs van reserves toont per coin wat we aanhouden tegenover wat we onze gebruikers verschuldigd zijn, en laat je controleren of je eigen saldi zijn meegeteld.',
    sections: [
      {
        heading: 'Zo controleer je je saldi',
        steps: [
          'Log in en open de pagina met het bewijs van reserves.',
          'Kies ‘Mijn bewijs downloaden en controleren’. Je bewijs wordt als bestand opgeslagen en stap voor stap in je browser gecontroleerd.',
          'Leiden de hashes van je saldi naar de gepubliceerde root, dan zijn je saldi meegeteld in de verplichtingen.',
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'Je bewijs is gekoppeld aan een privénonce die alleen jij ontvangt, dus het toont je eigen saldi en niets over anderen.',
          'Je kunt een bewijsbestand ook offline controleren, zonder onze pagina, met de opdracht die daar staat.',
          'Gesimuleerde saldi zijn aan niemand verschuldigd en horen niet bij de reserves.',
        ],
      },
    ],
    action: 'Bewijs van reserves openen',
  },
  {
    title: 'Nieuwe notering: perpetual contract TONUSDT',
    lead: 'Het USDT-M perpetual contract TONUSDT opent op {opens} voor de handel, met een hefboom tot {leverage}x.',
    sections: [
      {
        heading: 'Contractgegevens',
        facts: [
          ['Contract', 'TONUSDT perpetual'],
          ['Marge en afrekening', 'USDT'],
          ['Maximale hefboom', '{leverage}x'],
          ['Funding-interval', 'Elke {funding} uur'],
          ['Start van de handel', '{opens}'],
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'Geïsoleerde en cross-marge zijn allebei beschikbaar, in eenrichtings- en in hedgemodus.',
          'Een hefboom vergroot winst én verlies, en een positie waarvan de marge op is, wordt geliquideerd. Handel alleen met geld dat je kunt missen.',
        ],
      },
    ],
    action: 'Handel in TONUSDT',
  },
  {
    title: 'Geplande systeemupgrade: spot- en futureshandel',
    lead: 'Van {start} tot {end} werken we ons handelssysteem bij. In die tijd kun je op de spot- en futuresmarkt geen orders plaatsen of annuleren.',
    sections: [
      {
        heading: 'Planning',
        facts: [
          ['Betreft', 'Plaatsen en annuleren van spot- en futuresorders'],
          ['Begin', '{start}'],
          ['Einde', '{end}'],
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'Openstaande orders blijven in het orderboek en open posities blijven open.',
          'Stortingen, opnames en overboekingen tussen je rekeningen gaan gewoon door.',
          'Zorg vóór de upgrade dat je futuresposities genoeg marge hebben.',
        ],
      },
    ],
    action: 'Je futuresrekening bekijken',
  },
  {
    title: 'Oefen zonder risico met simulatiehandel',
    lead: 'Met simulatiehandel probeer je spot- en futureshandel uit met {demo} USDT aan demotegoed, tegen marktprijzen en zonder je echte saldo aan te raken.',
    sections: [
      {
        heading: 'Zo begin je',
        steps: [
          'Log in en open een willekeurig handelsscherm voor spot of futures.',
          'Kies ‘Probeer simulatiehandel’.',
          'Handel zoals altijd: een banner herinnert je eraan dat orders demotegoed gebruiken. Kies ‘Simulatie stoppen’ om terug te gaan naar je account.',
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'Je demoaccount heeft eigen saldi, orders, posities en een eigen VIP-niveau, los van je echte account.',
          'Demotegoed kun je niet opnemen of naar je echte account overboeken.',
        ],
      },
    ],
    action: 'Het futuresscherm openen',
  },
  {
    title: 'Nieuwe VIP-tarieven voor spot en futures',
    lead: 'Vanaf {effective} bepaalt één VIP-niveau je kosten op beide markten: het hoogste van de niveaus die je spotvolume en je futuresvolume over {days} dagen bereiken.',
    sections: [
      { heading: 'Kosten per VIP-niveau', feeColumns: ['Niveau', 'Spot maker / taker', 'Futures maker / taker'] },
      {
        heading: 'Goed om te weten',
        points: [
          'Elke uitvoering telt meteen mee voor je volume en telt niet meer mee als ze ouder is dan {days} dagen.',
          'Subaccounts handelen op het niveau van hun hoofdaccount, en hun volume telt daarvoor mee.',
          'Makers voegen liquiditeit toe met orders die in het orderboek blijven staan; takers worden direct tegen die orders uitgevoerd.',
        ],
      },
    ],
    action: 'Tarieven en je niveau bekijken',
  },
  {
    title: 'Nieuwe noteringen: spothandel in ARB/USDT en OP/USDT',
    lead: 'Arbitrum (ARB) en Optimism (OP), twee layer-2-netwerken die op Ethereum zijn gebouwd, komen naar onze spotmarkt. Beide paren openen op {opens} voor de handel.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Handelsparen', 'ARB/USDT, OP/USDT'],
          ['Markt', 'Spot'],
          ['Start van de handel', '{opens}'],
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'Stortingen en opnames van ARB en OP zijn nog niet mogelijk; die kondigen we apart aan.',
          'De koers van een pas genoteerde coin kan sterk bewegen. Overweeg limietorders en handel alleen met geld dat je kunt missen.',
        ],
      },
    ],
    action: 'Handel in ARB/USDT',
  },
  {
    title: 'Upgrade van het Tron-netwerk: stortingen en opnames van USDT (TRC20) gepauzeerd',
    lead: 'Voor een upgrade van het Tron-netwerk pauzeren we stortingen en opnames van USDT via TRC20 van {start} tot {end}.',
    sections: [
      {
        heading: 'Planning',
        facts: [
          ['Betreft', 'Stortingen en opnames van USDT (TRC20)'],
          ['Begin', '{start}'],
          ['Einde', '{end}'],
        ],
      },
      {
        heading: 'Goed om te weten',
        points: [
          'USDT op het Ethereum-netwerk (ERC20) kun je gewoon storten en opnemen.',
          'De handel gaat gewoon door.',
          'Een storting die je tijdens de pauze via TRC20 verstuurt, wordt na afloop van de upgrade bijgeschreven.',
        ],
      },
    ],
    action: 'Naar opnames',
  },
  {
    title: 'Beschermingsfonds: saldo, geschiedenis en uitkeringen nu openbaar',
    lead: 'Het beschermingsfonds dekt futuresverliezen die een geliquideerd account zelf niet kan dragen. De pagina van het fonds toont het saldo, hoe dat veranderd is en elke uitkering.',
    sections: [
      {
        heading: 'Wat de pagina toont',
        points: [
          'Het huidige saldo van het fonds in USDT en wanneer het voor het laatst is bijgewerkt.',
          'Een grafiek van het saldo door de tijd.',
          'Elke uitkering met tijd, markt, richting, omvang en bedrag; accounts staan er alleen als gemaskeerde referentie.',
        ],
      },
      {
        heading: 'Wat het fonds niet dekt',
        points: [
          'Je eigen marge: een geliquideerde positie verliest haar marge toch.',
          'Verliezen op posities die niet geliquideerd worden, spothandel, handelskosten en fundingbetalingen.',
        ],
      },
    ],
    action: 'Het beschermingsfonds bekijken',
  },
  {
    title: 'Veiligheidsherinnering: zo herken je phishing',
    lead: 'Oplichters doen onze e-mails, sms’jes en webpagina’s na om wachtwoorden en verificatiecodes te stelen. Met een paar gewoonten blijft je account veilig.',
    sections: [
      {
        heading: 'Bescherm je account',
        points: [
          'Stel in je accountinstellingen een antiphishingcode in. Elke e-mail en elke sms van ons toont die code; een bericht zonder code komt niet van ons.',
          'Deel je wachtwoord, verificatiecodes of geheime API-sleutels nooit met iemand, ook niet met mensen die zeggen dat ze voor ons werken.',
          'Controleer de adresbalk voordat je inlogt, en open onze site via een bladwijzer in plaats van via een link in een bericht.',
          'Voeg een beveiligingssleutel toe, zodat een gestolen wachtwoord alleen niet genoeg is om in je account te komen.',
        ],
      },
    ],
    action: 'Je antiphishingcode instellen',
  },
];
