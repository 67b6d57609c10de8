import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Italian, newest first. */
export const it: readonly AnnouncementText[] = [
  {
    title: 'Nuovo listing: trading spot SUI/USDT',
    lead: 'SUI, il token nativo della blockchain Sui, arriva sul nostro mercato spot. La coppia SUI/USDT apre al trading il {opens}.',
    sections: [
      {
        heading: 'Dettagli',
        facts: [
          ['Coppia', 'SUI/USDT'],
          ['Mercato', 'Spot'],
          ['Apertura del trading', '{opens}'],
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Gli ordini limite e a mercato sono disponibili dall’apertura.',
          'Depositi e prelievi di SUI non sono ancora disponibili; li annunceremo a parte.',
          'Il prezzo di una moneta appena quotata può muoversi in modo brusco. Valuta gli ordini limite e investi solo ciò che puoi permetterti di perdere.',
        ],
      },
    ],
    action: 'Fai trading su SUI/USDT',
  },
  {
    title: 'Manutenzione programmata: depositi e prelievi di ETH',
    lead: 'Aggiorneremo il nostro wallet Ethereum dal {start} al {end}. In questo periodo depositi e prelievi di ETH sono sospesi.',
    sections: [
      {
        heading: 'Programma',
        facts: [
          ['Interessati', 'Depositi e prelievi di ETH (ERC20)'],
          ['Inizio', '{start}'],
          ['Fine', '{end}'],
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Il trading di ETH sui mercati spot e futures non subisce variazioni.',
          'Un deposito inviato durante la manutenzione viene accreditato al termine; non serve inviarlo di nuovo.',
          'Se i lavori finiscono prima, depositi e prelievi riaprono senza ulteriori annunci.',
        ],
      },
    ],
    action: 'Vai ai depositi',
  },
  {
    title: 'Gara di trading spot sulle coppie in USDT',
    lead: 'Dal {start} al {end}, fai trading su qualsiasi coppia spot quotata in USDT e competi per una quota di un montepremi di {pool} USDT.',
    sections: [
      {
        heading: 'Dettagli',
        facts: [
          ['Inizio', '{start}'],
          ['Fine', '{end}'],
          ['Montepremi', '{pool} USDT'],
          ['Volume minimo per partecipare', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Regole',
        points: [
          'I partecipanti sono classificati in base al volume di trading spot sulle coppie in USDT durante la gara. I primi {winners} si dividono il montepremi in proporzione al proprio volume.',
          'Il volume di un sub-account conta per il suo account principale. Le operazioni in modalità simulazione non contano.',
          'I premi vengono accreditati sul conto spot dei vincitori entro 7 giorni dalla fine della gara. Gli account che praticano wash trading sono esclusi.',
        ],
      },
    ],
    action: 'Inizia a fare trading',
  },
  {
    title: 'Prova delle riserve: verifica che il tuo saldo sia incluso',
    lead: 'La pagina della prova delle riserve mostra, moneta per moneta, quanto deteniamo rispetto a quanto dobbiamo ai nostri utenti, e ti permette di verificare che i tuoi saldi siano inclusi.',
    sections: [
      {
        heading: 'Come verificare i tuoi saldi',
        steps: [
          'Accedi e apri la pagina della prova delle riserve.',
          'Scegli «Scarica e verifica la mia prova». La prova viene salvata come file e controllata passo per passo nel browser.',
          'Se gli hash calcolati dai tuoi saldi arrivano alla radice pubblicata, i tuoi saldi sono inclusi nelle passività.',
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'La tua prova è legata a un nonce privato che ricevi solo tu, quindi mostra i tuoi saldi e nulla degli altri utenti.',
          'Puoi anche controllare un file di prova offline, senza la nostra pagina, con il comando indicato lì.',
          'I saldi simulati non sono dovuti a nessuno e non fanno parte delle riserve.',
        ],
      },
    ],
    action: 'Apri la prova delle riserve',
  },
  {
    title: 'Nuovo listing: contratto perpetuo TONUSDT',
    lead: 'Il contratto perpetuo USDT-M TONUSDT apre al trading il {opens}, con leva fino a {leverage}x.',
    sections: [
      {
        heading: 'Dettagli del contratto',
        facts: [
          ['Contratto', 'TONUSDT perpetuo'],
          ['Margine e regolamento', 'USDT'],
          ['Leva massima', '{leverage}x'],
          ['Intervallo di funding', 'Ogni {funding} ore'],
          ['Apertura del trading', '{opens}'],
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Sono disponibili margine isolato e incrociato, in modalità unidirezionale e in modalità hedge.',
          'La leva moltiplica sia i guadagni sia le perdite, e una posizione che esaurisce il margine viene liquidata. Investi solo ciò che puoi permetterti di perdere.',
        ],
      },
    ],
    action: 'Fai trading su TONUSDT',
  },
  {
    title: 'Aggiornamento di sistema programmato: trading spot e futures',
    lead: 'Aggiorneremo il nostro sistema di trading dal {start} al {end}. In questo periodo non è possibile inserire né annullare ordini sui mercati spot e futures.',
    sections: [
      {
        heading: 'Programma',
        facts: [
          ['Interessati', 'Inserimento e annullamento di ordini spot e futures'],
          ['Inizio', '{start}'],
          ['Fine', '{end}'],
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Gli ordini aperti restano nel book e le posizioni aperte restano aperte.',
          'Depositi, prelievi e trasferimenti tra i tuoi conti proseguono normalmente.',
          'Prima dell’inizio dell’aggiornamento, assicurati che le tue posizioni futures abbiano margine sufficiente.',
        ],
      },
    ],
    action: 'Controlla il tuo conto futures',
  },
  {
    title: 'Esercitati senza rischi con il trading simulato',
    lead: 'Il trading simulato ti permette di provare il trading spot e futures con {demo} USDT di fondi demo, ai prezzi di mercato e senza toccare il tuo saldo reale.',
    sections: [
      {
        heading: 'Come iniziare',
        steps: [
          'Accedi e apri una qualsiasi schermata di trading spot o futures.',
          'Scegli «Prova il trading simulato».',
          'Fai trading come sempre: un banner ti ricorda che gli ordini usano fondi demo. Scegli «Esci dalla simulazione» per tornare al tuo account.',
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Il tuo account demo ha saldi, ordini, posizioni e livello VIP propri, separati dal tuo account reale.',
          'I fondi demo non possono essere prelevati né trasferiti sul tuo account reale.',
        ],
      },
    ],
    action: 'Apri la schermata dei futures',
  },
  {
    title: 'Nuova tabella delle commissioni VIP per spot e futures',
    lead: 'Dal {effective}, un solo livello VIP stabilisce le tue commissioni su entrambi i mercati: il più alto tra i livelli raggiunti dal tuo volume spot e dal tuo volume futures degli ultimi {days} giorni.',
    sections: [
      {
        heading: 'Commissioni per livello VIP',
        feeColumns: ['Livello', 'Spot maker / taker', 'Futures maker / taker'],
      },
      {
        heading: 'Da sapere',
        points: [
          'Ogni esecuzione conta subito per il tuo volume e smette di contare quando ha più di {days} giorni.',
          'I sub-account operano al livello del loro account principale, e il loro volume conta per esso.',
          'I maker aggiungono liquidità con ordini che restano nel book; i taker vengono eseguiti subito contro di essi.',
        ],
      },
    ],
    action: 'Vedi le commissioni e il tuo livello',
  },
  {
    title: 'Nuovi listing: trading spot ARB/USDT e OP/USDT',
    lead: 'Arbitrum (ARB) e Optimism (OP), due reti layer 2 costruite su Ethereum, arrivano sul nostro mercato spot. Entrambe le coppie aprono al trading il {opens}.',
    sections: [
      {
        heading: 'Dettagli',
        facts: [
          ['Coppie', 'ARB/USDT, OP/USDT'],
          ['Mercato', 'Spot'],
          ['Apertura del trading', '{opens}'],
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Depositi e prelievi di ARB e OP non sono ancora disponibili; li annunceremo a parte.',
          'Il prezzo di una moneta appena quotata può muoversi in modo brusco. Valuta gli ordini limite e investi solo ciò che puoi permetterti di perdere.',
        ],
      },
    ],
    action: 'Fai trading su ARB/USDT',
  },
  {
    title: 'Aggiornamento della rete Tron: sospesi depositi e prelievi di USDT (TRC20)',
    lead: 'Per supportare un aggiornamento della rete Tron, sospenderemo depositi e prelievi di USDT su TRC20 dal {start} al {end}.',
    sections: [
      {
        heading: 'Programma',
        facts: [
          ['Interessati', 'Depositi e prelievi di USDT (TRC20)'],
          ['Inizio', '{start}'],
          ['Fine', '{end}'],
        ],
      },
      {
        heading: 'Da sapere',
        points: [
          'Gli USDT sulla rete Ethereum (ERC20) si possono depositare e prelevare normalmente.',
          'Il trading non subisce variazioni.',
          'Un deposito inviato su TRC20 durante la sospensione viene accreditato al termine dell’aggiornamento.',
        ],
      },
    ],
    action: 'Vai ai prelievi',
  },
  {
    title: 'Fondo di protezione: saldo, storico e pagamenti ora pubblici',
    lead: 'Il fondo di protezione copre le perdite sui futures che un account liquidato non riesce a coprire da solo. La sua pagina mostra il saldo del fondo, come è cambiato e ogni pagamento.',
    sections: [
      {
        heading: 'Cosa mostra la pagina',
        points: [
          'Il saldo attuale del fondo in USDT e quando è stato aggiornato l’ultima volta.',
          'Un grafico del saldo nel tempo.',
          'Ogni pagamento con ora, mercato, lato, dimensione e importo; gli account compaiono solo come riferimento mascherato.',
        ],
      },
      {
        heading: 'Cosa non copre il fondo',
        points: [
          'Il tuo margine: una posizione liquidata perde comunque il suo margine.',
          'Le perdite di posizioni non liquidate, il trading spot, le commissioni di trading e i pagamenti di funding.',
        ],
      },
    ],
    action: 'Vedi il fondo di protezione',
  },
  {
    title: 'Promemoria di sicurezza: come riconoscere il phishing',
    lead: 'I truffatori copiano le nostre email, i nostri SMS e le nostre pagine web per rubare password e codici di verifica. Poche abitudini tengono al sicuro il tuo account.',
    sections: [
      {
        heading: 'Proteggi il tuo account',
        points: [
          'Imposta un codice anti-phishing nelle impostazioni dell’account. Ogni email e SMS che ti inviamo lo mostra; un messaggio senza codice non viene da noi.',
          'Non condividere mai password, codici di verifica o chiavi segrete API con nessuno, nemmeno con chi dice di lavorare per noi.',
          'Controlla la barra degli indirizzi prima di accedere e apri il nostro sito da un segnalibro, non da un link ricevuto in un messaggio.',
          'Aggiungi una chiave di sicurezza, così una password rubata da sola non basta per entrare nel tuo account.',
        ],
      },
    ],
    action: 'Imposta il tuo codice anti-phishing',
  },
];
