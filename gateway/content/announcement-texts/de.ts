import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in German, newest first. */
export const de: readonly AnnouncementText[] = [
  {
    title: 'Neues Listing: Spot-Handel mit SUI/USDT',
    lead: 'SUI, der native Token der Sui-Blockchain, kommt auf unseren Spot-Markt. Der Handel mit SUI/USDT beginnt am {opens}.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Handelspaar', 'SUI/USDT'],
          ['Markt', 'Spot'],
          ['Handelsbeginn', '{opens}'],
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Limit- und Market-Orders sind ab Handelsbeginn verfügbar.',
          'Ein- und Auszahlungen von SUI sind noch nicht möglich; wir kündigen sie gesondert an.',
          'Der Kurs eines neu gelisteten Coins kann stark schwanken. Erwägen Sie Limit-Orders und handeln Sie nur mit Beträgen, deren Verlust Sie verkraften können.',
        ],
      },
    ],
    action: 'SUI/USDT handeln',
  },
  {
    title: 'Geplante Wartung: Ein- und Auszahlungen von ETH',
    lead: 'Vom {start} bis {end} aktualisieren wir unsere Ethereum-Wallet. In dieser Zeit sind Ein- und Auszahlungen von ETH pausiert.',
    sections: [
      {
        heading: 'Zeitplan',
        facts: [
          ['Betroffen', 'Ein- und Auszahlungen von ETH (ERC20)'],
          ['Beginn', '{start}'],
          ['Ende', '{end}'],
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Der Handel mit ETH auf dem Spot- und dem Futures-Markt ist nicht betroffen.',
          'Eine während der Wartung gesendete Einzahlung wird nach deren Ende gutgeschrieben; Sie müssen sie nicht erneut senden.',
          'Sind die Arbeiten früher fertig, öffnen Ein- und Auszahlungen ohne weitere Ankündigung wieder.',
        ],
      },
    ],
    action: 'Zu den Einzahlungen',
  },
  {
    title: 'Spot-Trading-Wettbewerb mit USDT-Paaren',
    lead: 'Handeln Sie vom {start} bis {end} ein beliebiges Spot-Paar in USDT und sichern Sie sich einen Anteil an einem Preispool von {pool} USDT.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Beginn', '{start}'],
          ['Ende', '{end}'],
          ['Preispool', '{pool} USDT'],
          ['Mindestvolumen zur Teilnahme', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Regeln',
        points: [
          'Die Rangliste richtet sich nach dem Spot-Handelsvolumen in USDT-Paaren während des Wettbewerbs. Die besten {winners} teilen sich den Preispool im Verhältnis zu ihrem Volumen.',
          'Das Volumen eines Unterkontos zählt für sein Hauptkonto. Trades im Simulationsmodus zählen nicht.',
          'Die Prämien werden innerhalb von 7 Tagen nach Ende des Wettbewerbs den Spot-Konten der Gewinner gutgeschrieben. Konten mit Wash-Trading werden ausgeschlossen.',
        ],
      },
    ],
    action: 'Jetzt handeln',
  },
  {
    title: 'Reservennachweis: Prüfen Sie, ob Ihr Guthaben enthalten ist',
    lead: 'Unsere Seite zum Reservennachweis zeigt für jeden Coin, was wir halten und was wir unseren Nutzern schulden, und lässt Sie prüfen, ob Ihre eigenen Guthaben enthalten sind.',
    sections: [
      {
        heading: 'So prüfen Sie Ihre Guthaben',
        steps: [
          'Melden Sie sich an und öffnen Sie die Seite zum Reservennachweis.',
          'Wählen Sie „Meinen Nachweis herunterladen und prüfen“. Ihr Nachweis wird als Datei gespeichert und Schritt für Schritt in Ihrem Browser geprüft.',
          'Führen die Hashes Ihrer Guthaben zur veröffentlichten Wurzel, sind Ihre Guthaben in den Verbindlichkeiten enthalten.',
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Ihr Nachweis ist an eine private Nonce gebunden, die nur Sie erhalten: Er zeigt Ihre Guthaben und nichts über andere Nutzer.',
          'Sie können eine Nachweisdatei auch offline und ohne unsere Seite prüfen, mit dem dort angegebenen Befehl.',
          'Simulierte Guthaben schulden wir niemandem; sie sind nicht Teil der Reserven.',
        ],
      },
    ],
    action: 'Reservennachweis öffnen',
  },
  {
    title: 'Neues Listing: Perpetual-Kontrakt TONUSDT',
    lead: 'Der USDT-M-Perpetual-Kontrakt TONUSDT startet am {opens}, mit einem Hebel von bis zu {leverage}x.',
    sections: [
      {
        heading: 'Kontraktdetails',
        facts: [
          ['Kontrakt', 'TONUSDT Perpetual'],
          ['Margin und Abrechnung', 'USDT'],
          ['Maximaler Hebel', '{leverage}x'],
          ['Funding-Intervall', 'Alle {funding} Stunden'],
          ['Handelsbeginn', '{opens}'],
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Isolierte und Cross-Margin sind verfügbar, im Einweg- und im Hedge-Modus.',
          'Ein Hebel vervielfacht Gewinne wie Verluste, und eine Position ohne ausreichende Margin wird liquidiert. Handeln Sie nur mit Beträgen, deren Verlust Sie verkraften können.',
        ],
      },
    ],
    action: 'TONUSDT handeln',
  },
  {
    title: 'Geplantes System-Upgrade: Spot- und Futures-Handel',
    lead: 'Vom {start} bis {end} aktualisieren wir unser Handelssystem. In dieser Zeit können auf dem Spot- und dem Futures-Markt keine Orders aufgegeben oder storniert werden.',
    sections: [
      {
        heading: 'Zeitplan',
        facts: [
          ['Betroffen', 'Aufgeben und Stornieren von Spot- und Futures-Orders'],
          ['Beginn', '{start}'],
          ['Ende', '{end}'],
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Offene Orders bleiben im Orderbuch, offene Positionen bleiben offen.',
          'Ein- und Auszahlungen sowie Überträge zwischen Ihren Konten laufen wie gewohnt weiter.',
          'Bitte sorgen Sie vor Beginn des Upgrades für genügend Margin in Ihren Futures-Positionen.',
        ],
      },
    ],
    action: 'Futures-Konto prüfen',
  },
  {
    title: 'Ohne Risiko üben mit dem Simulationshandel',
    lead: 'Im Simulationshandel probieren Sie Spot- und Futures-Handel mit {demo} USDT Demo-Guthaben aus, zu Marktpreisen und ohne Ihr echtes Guthaben anzutasten.',
    sections: [
      {
        heading: 'So starten Sie',
        steps: [
          'Melden Sie sich an und öffnen Sie einen beliebigen Spot- oder Futures-Handelsbildschirm.',
          'Wählen Sie „Simulationshandel testen“.',
          'Handeln Sie wie gewohnt: Ein Hinweis erinnert Sie daran, dass Orders Demo-Guthaben verwenden. Mit „Simulation beenden“ kehren Sie zu Ihrem Konto zurück.',
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Ihr Demo-Konto hat eigene Guthaben, Orders, Positionen und eine eigene VIP-Stufe, getrennt von Ihrem echten Konto.',
          'Demo-Guthaben kann weder ausgezahlt noch auf Ihr echtes Konto übertragen werden.',
        ],
      },
    ],
    action: 'Futures-Handel öffnen',
  },
  {
    title: 'Neue VIP-Gebührenstaffel für Spot und Futures',
    lead: 'Ab dem {effective} bestimmt eine einzige VIP-Stufe Ihre Gebühren auf beiden Märkten: die höhere der Stufen, die Ihr Spot-Volumen und Ihr Futures-Volumen der letzten {days} Tage erreichen.',
    sections: [
      { heading: 'Gebühren nach VIP-Stufe', feeColumns: ['Stufe', 'Spot Maker / Taker', 'Futures Maker / Taker'] },
      {
        heading: 'Gut zu wissen',
        points: [
          'Jede Ausführung zählt sofort zu Ihrem Volumen und zählt nicht mehr, sobald sie älter als {days} Tage ist.',
          'Unterkonten handeln auf der Stufe ihres Hauptkontos, und ihr Volumen zählt für dieses.',
          'Maker stellen mit Orders im Orderbuch Liquidität bereit; Taker werden sofort gegen diese Orders ausgeführt.',
        ],
      },
    ],
    action: 'Gebühren und Ihre Stufe ansehen',
  },
  {
    title: 'Neue Listings: Spot-Handel mit ARB/USDT und OP/USDT',
    lead: 'Arbitrum (ARB) und Optimism (OP), zwei auf Ethereum aufbauende Layer-2-Netzwerke, kommen auf unseren Spot-Markt. Beide Paare starten am {opens}.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Handelspaare', 'ARB/USDT, OP/USDT'],
          ['Markt', 'Spot'],
          ['Handelsbeginn', '{opens}'],
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'Ein- und Auszahlungen von ARB und OP sind noch nicht möglich; wir kündigen sie gesondert an.',
          'Der Kurs eines neu gelisteten Coins kann stark schwanken. Erwägen Sie Limit-Orders und handeln Sie nur mit Beträgen, deren Verlust Sie verkraften können.',
        ],
      },
    ],
    action: 'ARB/USDT handeln',
  },
  {
    title: 'Tron-Netzwerk-Upgrade: Ein- und Auszahlungen von USDT (TRC20) pausiert',
    lead: 'Wegen eines Upgrades des Tron-Netzwerks pausieren wir Ein- und Auszahlungen von USDT über TRC20 vom {start} bis {end}.',
    sections: [
      {
        heading: 'Zeitplan',
        facts: [
          ['Betroffen', 'Ein- und Auszahlungen von USDT (TRC20)'],
          ['Beginn', '{start}'],
          ['Ende', '{end}'],
        ],
      },
      {
        heading: 'Gut zu wissen',
        points: [
          'USDT im Ethereum-Netzwerk (ERC20) kann wie gewohnt ein- und ausgezahlt werden.',
          'Der Handel ist nicht betroffen.',
          'Eine während der Pause über TRC20 gesendete Einzahlung wird nach Ende des Upgrades gutgeschrieben.',
        ],
      },
    ],
    action: 'Zu den Auszahlungen',
  },
  {
    title: 'Absicherungsfonds: Stand, Verlauf und Auszahlungen jetzt öffentlich',
    lead: 'Der Absicherungsfonds deckt Futures-Verluste, die ein liquidiertes Konto nicht selbst tragen kann. Seine Seite zeigt den Stand des Fonds, seinen Verlauf und jede Auszahlung.',
    sections: [
      {
        heading: 'Was die Seite zeigt',
        points: [
          'Den aktuellen Stand des Fonds in USDT und den Zeitpunkt der letzten Aktualisierung.',
          'Ein Diagramm des Stands im Zeitverlauf.',
          'Jede Auszahlung mit Zeit, Markt, Richtung, Größe und Betrag; Konten erscheinen nur als maskierte Referenz.',
        ],
      },
      {
        heading: 'Was der Fonds nicht deckt',
        points: [
          'Ihre eigene Margin: Eine liquidierte Position verliert ihre Margin trotzdem.',
          'Verluste aus Positionen, die nicht liquidiert werden, Spot-Handel, Handelsgebühren und Funding-Zahlungen.',
        ],
      },
    ],
    action: 'Absicherungsfonds ansehen',
  },
  {
    title: 'Sicherheitshinweis: So erkennen Sie Phishing',
    lead: 'Betrüger imitieren unsere E-Mails, SMS und Webseiten, um Passwörter und Bestätigungscodes zu stehlen. Ein paar Gewohnheiten schützen Ihr Konto.',
    sections: [
      {
        heading: 'Schützen Sie Ihr Konto',
        points: [
          'Legen Sie in den Kontoeinstellungen einen Anti-Phishing-Code fest. Jede E-Mail und SMS von uns zeigt ihn; eine Nachricht ohne diesen Code stammt nicht von uns.',
          'Geben Sie Ihr Passwort, Bestätigungscodes oder geheime API-Schlüssel niemals weiter, auch nicht an Personen, die sich als unsere Mitarbeiter ausgeben.',
          'Prüfen Sie vor der Anmeldung die Adresszeile und öffnen Sie unsere Seite über ein Lesezeichen statt über einen Link aus einer Nachricht.',
          'Fügen Sie einen Sicherheitsschlüssel hinzu, damit ein gestohlenes Passwort allein nicht für den Zugang zu Ihrem Konto reicht.',
        ],
      },
    ],
    action: 'Anti-Phishing-Code festlegen',
  },
];
