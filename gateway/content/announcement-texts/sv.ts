import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Swedish, newest first. */
export const sv: readonly AnnouncementText[] = [
  {
    title: 'Ny notering: spothandel med SUI/USDT',
    lead: 'SUI, Sui-blockkedjans egen token, kommer till vår spotmarknad. Handeln med SUI/USDT öppnar {opens}.',
    sections: [
      {
        heading: 'Detaljer',
        facts: [
          ['Handelspar', 'SUI/USDT'],
          ['Marknad', 'Spot'],
          ['Handeln öppnar', '{opens}'],
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Limit- och marknadsordrar kan användas så snart handeln öppnar.',
          'Insättningar och uttag av SUI är inte öppna än; vi meddelar dem separat.',
          'Priset på ett nynoterat mynt kan röra sig kraftigt. Överväg limitordrar och handla bara för pengar du har råd att förlora.',
        ],
      },
    ],
    action: 'Handla SUI/USDT',
  },
  {
    title: 'Planerat underhåll: insättningar och uttag av ETH',
    lead: 'Vi uppgraderar vår Ethereum-plånbok från {start} till {end}. Under den tiden är insättningar och uttag av ETH pausade.',
    sections: [
      {
        heading: 'Schema',
        facts: [
          ['Berör', 'Insättningar och uttag av ETH (ERC20)'],
          ['Början', '{start}'],
          ['Slut', '{end}'],
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Handel med ETH på spot- och terminsmarknaden påverkas inte.',
          'En insättning som skickas under underhållet krediteras när det är klart; du behöver inte skicka den igen.',
          'Om arbetet blir klart tidigare öppnar insättningar och uttag igen utan ytterligare meddelande.',
        ],
      },
    ],
    action: 'Till insättningar',
  },
  {
    title: 'Tävling i spothandel med USDT-par',
    lead: 'Från {start} till {end} kan du handla valfritt spotpar noterat i USDT och tävla om en del av en prispott på {pool} USDT.',
    sections: [
      {
        heading: 'Detaljer',
        facts: [
          ['Början', '{start}'],
          ['Slut', '{end}'],
          ['Prispott', '{pool} USDT'],
          ['Minsta volym för att delta', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Regler',
        points: [
          'Deltagarna rangordnas efter sin spothandelsvolym i USDT-par under tävlingen. De {winners} främsta delar på prispotten i proportion till sin volym.',
          'Ett underkontos volym räknas till dess huvudkonto. Affärer i simuleringsläget räknas inte.',
          'Belöningarna krediteras vinnarnas spotkonton inom 7 dagar efter att tävlingen har avslutats. Konton som ägnar sig åt wash trading utesluts.',
        ],
      },
    ],
    action: 'Börja handla',
  },
  {
    title: 'Bevis på reserver: kontrollera att ditt saldo räknas med',
    lead: 'Vår sida med bevis på reserver visar för varje mynt vad vi håller mot vad vi är skyldiga våra användare, och låter dig kontrollera att dina egna saldon är med.',
    sections: [
      {
        heading: 'Så kontrollerar du dina saldon',
        steps: [
          'Logga in och öppna sidan med bevis på reserver.',
          'Välj ”Ladda ned och kontrollera mitt bevis”. Beviset sparas som en fil och kontrolleras steg för steg i din webbläsare.',
          'Om hasharna från dina saldon leder fram till den publicerade roten räknas dina saldon med i skulderna.',
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Ditt bevis är knutet till en privat nonce som bara du får, så det visar dina saldon och ingenting om någon annan.',
          'Du kan också kontrollera en bevisfil offline, utan vår sida, med kommandot som visas där.',
          'Simulerade saldon är ingen skyldig och ingår inte i reserverna.',
        ],
      },
    ],
    action: 'Öppna bevis på reserver',
  },
  {
    title: 'Ny notering: evighetskontraktet TONUSDT',
    lead: 'USDT-M-evighetskontraktet TONUSDT öppnar för handel {opens}, med hävstång upp till {leverage}x.',
    sections: [
      {
        heading: 'Kontraktsdetaljer',
        facts: [
          ['Kontrakt', 'TONUSDT evighetskontrakt'],
          ['Marginal och avräkning', 'USDT'],
          ['Högsta hävstång', '{leverage}x'],
          ['Finansieringsintervall', 'Var {funding}:e timme'],
          ['Handeln öppnar', '{opens}'],
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Isolerad och korsad marginal finns båda, i envägsläge och i hedgeläge.',
          'Hävstång förstorar både vinster och förluster, och en position vars marginal tar slut likvideras. Handla bara för pengar du har råd att förlora.',
        ],
      },
    ],
    action: 'Handla TONUSDT',
  },
  {
    title: 'Planerad systemuppgradering: spot- och terminshandel',
    lead: 'Vi uppgraderar vårt handelssystem från {start} till {end}. Under den tiden går det inte att lägga eller makulera ordrar på spot- och terminsmarknaden.',
    sections: [
      {
        heading: 'Schema',
        facts: [
          ['Berör', 'Att lägga och makulera spot- och terminsordrar'],
          ['Början', '{start}'],
          ['Slut', '{end}'],
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Öppna ordrar ligger kvar i orderboken och öppna positioner förblir öppna.',
          'Insättningar, uttag och överföringar mellan dina konton fungerar som vanligt.',
          'Se till att dina terminspositioner har tillräcklig marginal innan uppgraderingen börjar.',
        ],
      },
    ],
    action: 'Kontrollera ditt terminskonto',
  },
  {
    title: 'Öva riskfritt med simulerad handel',
    lead: 'Med simulerad handel kan du prova spot- och terminshandel med {demo} USDT i demomedel, till marknadspriser och utan att röra ditt riktiga saldo.',
    sections: [
      {
        heading: 'Så kommer du igång',
        steps: [
          'Logga in och öppna valfri handelsvy för spot eller terminer.',
          'Välj ”Prova simulerad handel”.',
          'Handla som vanligt: en banner påminner om att ordrarna använder demomedel. Välj ”Avsluta simuleringen” för att gå tillbaka till ditt konto.',
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Ditt demokonto har egna saldon, ordrar, positioner och egen VIP-nivå, skilda från ditt riktiga konto.',
          'Demomedel kan inte tas ut eller flyttas till ditt riktiga konto.',
        ],
      },
    ],
    action: 'Öppna terminshandeln',
  },
  {
    title: 'Uppdaterad VIP-avgiftstabell för spot och terminer',
    lead: 'Från {effective} bestämmer en enda VIP-nivå dina avgifter på båda marknaderna: den högsta av de nivåer som din spotvolym och din terminsvolym under {days} dagar når.',
    sections: [
      { heading: 'Avgifter per VIP-nivå', feeColumns: ['Nivå', 'Spot maker / taker', 'Terminer maker / taker'] },
      {
        heading: 'Bra att veta',
        points: [
          'Varje avslut räknas till din volym direkt och slutar räknas när det är äldre än {days} dagar.',
          'Underkonton handlar på sitt huvudkontos nivå, och deras volym räknas till det.',
          'Makers tillför likviditet med ordrar som ligger kvar i orderboken; takers avslutas direkt mot dem.',
        ],
      },
    ],
    action: 'Se avgifterna och din nivå',
  },
  {
    title: 'Nya noteringar: spothandel med ARB/USDT och OP/USDT',
    lead: 'Arbitrum (ARB) och Optimism (OP), två lager 2-nätverk byggda på Ethereum, kommer till vår spotmarknad. Båda paren öppnar för handel {opens}.',
    sections: [
      {
        heading: 'Detaljer',
        facts: [
          ['Handelspar', 'ARB/USDT, OP/USDT'],
          ['Marknad', 'Spot'],
          ['Handeln öppnar', '{opens}'],
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'Insättningar och uttag av ARB och OP är inte öppna än; vi meddelar dem separat.',
          'Priset på ett nynoterat mynt kan röra sig kraftigt. Överväg limitordrar och handla bara för pengar du har råd att förlora.',
        ],
      },
    ],
    action: 'Handla ARB/USDT',
  },
  {
    title: 'Uppgradering av Tron-nätverket: insättningar och uttag av USDT (TRC20) pausas',
    lead: 'För att stödja en uppgradering av Tron-nätverket pausar vi insättningar och uttag av USDT via TRC20 från {start} till {end}.',
    sections: [
      {
        heading: 'Schema',
        facts: [
          ['Berör', 'Insättningar och uttag av USDT (TRC20)'],
          ['Början', '{start}'],
          ['Slut', '{end}'],
        ],
      },
      {
        heading: 'Bra att veta',
        points: [
          'USDT på Ethereum-nätverket (ERC20) kan sättas in och tas ut som vanligt.',
          'Handeln påverkas inte.',
          'En insättning som skickas via TRC20 under pausen krediteras när uppgraderingen är klar.',
        ],
      },
    ],
    action: 'Till uttag',
  },
  {
    title: 'Skyddsfonden: saldo, historik och utbetalningar nu offentliga',
    lead: 'Skyddsfonden täcker terminsförluster som ett likviderat konto inte kan täcka själv. Fondens sida visar dess saldo, hur det har förändrats och varje utbetalning.',
    sections: [
      {
        heading: 'Det här visar sidan',
        points: [
          'Fondens aktuella saldo i USDT och när det senast uppdaterades.',
          'Ett diagram över saldot över tid.',
          'Varje utbetalning med tid, marknad, riktning, storlek och belopp; konton visas bara som en maskerad referens.',
        ],
      },
      {
        heading: 'Det här täcker fonden inte',
        points: [
          'Din egen marginal: en likviderad position förlorar ändå sin marginal.',
          'Förluster på positioner som inte likvideras, spothandel, handelsavgifter och finansieringsbetalningar.',
        ],
      },
    ],
    action: 'Visa skyddsfonden',
  },
  {
    title: 'Säkerhetspåminnelse: så känner du igen nätfiske',
    lead: 'Bedragare kopierar våra e-postmeddelanden, sms och webbsidor för att stjäla lösenord och verifieringskoder. Några vanor håller ditt konto säkert.',
    sections: [
      {
        heading: 'Skydda ditt konto',
        points: [
          'Ange en antinätfiskekod i dina kontoinställningar. Alla e-postmeddelanden och sms vi skickar till dig visar koden; ett meddelande utan den kommer inte från oss.',
          'Dela aldrig ditt lösenord, dina verifieringskoder eller hemliga API-nycklar med någon, inte heller med någon som säger sig arbeta för oss.',
          'Kontrollera adressfältet innan du loggar in, och öppna vår webbplats från ett bokmärke i stället för från en länk i ett meddelande.',
          'Lägg till en säkerhetsnyckel, så att ett stulet lösenord inte räcker för att komma in på ditt konto.',
        ],
      },
    ],
    action: 'Ange din antinätfiskekod',
  },
];
