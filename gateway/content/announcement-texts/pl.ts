import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Polish, newest first. */
export const pl: readonly AnnouncementText[] = [
  {
    title: 'Nowe notowanie: handel spot SUI/USDT',
    lead: 'SUI, natywny token blockchaina Sui, trafia na nasz rynek spot. Handel parą SUI/USDT rusza {opens}.',
    sections: [
      {
        heading: 'Szczegóły',
        facts: [
          ['Para handlowa', 'SUI/USDT'],
          ['Rynek', 'Spot'],
          ['Początek handlu', '{opens}'],
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Zlecenia z limitem i zlecenia rynkowe są dostępne od początku handlu.',
          'Wpłaty i wypłaty SUI nie są jeszcze dostępne; ogłosimy je osobno.',
          'Cena nowo notowanej kryptowaluty może gwałtownie się zmieniać. Rozważ zlecenia z limitem i inwestuj tylko tyle, ile możesz stracić.',
        ],
      },
    ],
    action: 'Handluj SUI/USDT',
  },
  {
    title: 'Planowana konserwacja: wpłaty i wypłaty ETH',
    lead: 'Od {start} do {end} aktualizujemy nasz portfel Ethereum. W tym czasie wpłaty i wypłaty ETH są wstrzymane.',
    sections: [
      {
        heading: 'Harmonogram',
        facts: [
          ['Dotyczy', 'Wpłat i wypłat ETH (ERC20)'],
          ['Początek', '{start}'],
          ['Koniec', '{end}'],
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Handel ETH na rynkach spot i kontraktów terminowych działa bez zmian.',
          'Wpłata wysłana w trakcie konserwacji zostanie zaksięgowana po jej zakończeniu; nie trzeba wysyłać jej ponownie.',
          'Jeśli prace skończą się wcześniej, wpłaty i wypłaty zostaną wznowione bez osobnego ogłoszenia.',
        ],
      },
    ],
    action: 'Przejdź do wpłat',
  },
  {
    title: 'Konkurs handlu spot na parach z USDT',
    lead: 'Od {start} do {end} handluj dowolną parą spot notowaną w USDT i walcz o część puli nagród o wartości {pool} USDT.',
    sections: [
      {
        heading: 'Szczegóły',
        facts: [
          ['Początek', '{start}'],
          ['Koniec', '{end}'],
          ['Pula nagród', '{pool} USDT'],
          ['Minimalny wolumen, by wziąć udział', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Zasady',
        points: [
          'O miejscu w rankingu decyduje wolumen handlu spot na parach z USDT w czasie konkursu. Najlepszych {winners} uczestników dzieli pulę nagród proporcjonalnie do swojego wolumenu.',
          'Wolumen subkonta liczy się do jego konta głównego. Transakcje w trybie symulacji się nie liczą.',
          'Nagrody trafią na konta spot zwycięzców w ciągu 7 dni od zakończenia konkursu. Konta, które stosują wash trading, zostaną wykluczone.',
        ],
      },
    ],
    action: 'Zacznij handlować',
  },
  {
    title: 'Dowód rezerw: sprawdź, czy Twoje saldo jest uwzględnione',
    lead: 'Strona dowodu rezerw pokazuje dla każdej kryptowaluty, ile przechowujemy w stosunku do tego, ile jesteśmy winni użytkownikom, i pozwala sprawdzić, czy Twoje salda są uwzględnione.',
    sections: [
      {
        heading: 'Jak sprawdzić swoje salda',
        steps: [
          'Zaloguj się i otwórz stronę dowodu rezerw.',
          'Wybierz „Pobierz i sprawdź mój dowód”. Dowód zostanie zapisany jako plik i sprawdzony krok po kroku w przeglądarce.',
          'Jeśli hasze obliczone z Twoich sald prowadzą do opublikowanego korzenia, Twoje salda są uwzględnione w zobowiązaniach.',
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Twój dowód jest powiązany z prywatnym nonce, który otrzymujesz tylko Ty, więc pokazuje Twoje salda i nic o innych użytkownikach.',
          'Plik dowodu możesz też sprawdzić offline, bez naszej strony, poleceniem podanym na niej.',
          'Salda symulowane nie są nikomu należne i nie wchodzą w skład rezerw.',
        ],
      },
    ],
    action: 'Otwórz dowód rezerw',
  },
  {
    title: 'Nowe notowanie: kontrakt wieczysty TONUSDT',
    lead: 'Kontrakt wieczysty USDT-M TONUSDT rusza {opens}, z dźwignią do {leverage}x.',
    sections: [
      {
        heading: 'Szczegóły kontraktu',
        facts: [
          ['Kontrakt', 'TONUSDT wieczysty'],
          ['Depozyt i rozliczenie', 'USDT'],
          ['Maksymalna dźwignia', '{leverage}x'],
          ['Okres finansowania', 'Co {funding} godzin'],
          ['Początek handlu', '{opens}'],
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Dostępny jest depozyt izolowany i krzyżowy, w trybie jednokierunkowym i w trybie hedge.',
          'Dźwignia zwiększa zarówno zyski, jak i straty, a pozycja, której skończy się depozyt, jest likwidowana. Inwestuj tylko tyle, ile możesz stracić.',
        ],
      },
    ],
    action: 'Handluj TONUSDT',
  },
  {
    title: 'Planowana aktualizacja systemu: handel spot i kontraktami',
    lead: 'Od {start} do {end} aktualizujemy system transakcyjny. W tym czasie nie można składać ani anulować zleceń na rynkach spot i kontraktów terminowych.',
    sections: [
      {
        heading: 'Harmonogram',
        facts: [
          ['Dotyczy', 'Składania i anulowania zleceń spot i na kontrakty'],
          ['Początek', '{start}'],
          ['Koniec', '{end}'],
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Otwarte zlecenia pozostają w arkuszu zleceń, a otwarte pozycje pozostają otwarte.',
          'Wpłaty, wypłaty i przelewy między Twoimi kontami działają normalnie.',
          'Przed rozpoczęciem aktualizacji upewnij się, że Twoje pozycje na kontraktach mają wystarczający depozyt.',
        ],
      },
    ],
    action: 'Sprawdź swoje konto kontraktów',
  },
  {
    title: 'Ćwicz bez ryzyka w handlu symulowanym',
    lead: 'Handel symulowany pozwala wypróbować rynek spot i kontrakty z {demo} USDT środków demo, po cenach rynkowych i bez naruszania Twojego rzeczywistego salda.',
    sections: [
      {
        heading: 'Jak zacząć',
        steps: [
          'Zaloguj się i otwórz dowolny ekran handlu spot lub kontraktami.',
          'Wybierz „Wypróbuj handel symulowany”.',
          'Handluj jak zwykle: baner przypomina, że zlecenia korzystają ze środków demo. Wybierz „Zakończ symulację”, aby wrócić do swojego konta.',
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Konto demo ma własne salda, zlecenia, pozycje i poziom VIP, oddzielnie od Twojego rzeczywistego konta.',
          'Środków demo nie można wypłacić ani przenieść na rzeczywiste konto.',
        ],
      },
    ],
    action: 'Otwórz ekran handlu kontraktami',
  },
  {
    title: 'Nowa tabela opłat VIP dla spot i kontraktów',
    lead: 'Od {effective} jeden poziom VIP ustala Twoje opłaty na obu rynkach: wyższy z poziomów, które osiąga Twój wolumen spot i Twój wolumen kontraktów z {days} dni.',
    sections: [
      { heading: 'Opłaty według poziomu VIP', feeColumns: ['Poziom', 'Spot maker / taker', 'Kontrakty maker / taker'] },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Każda realizacja od razu liczy się do Twojego wolumenu i przestaje się liczyć, gdy jest starsza niż {days} dni.',
          'Subkonta handlują na poziomie swojego konta głównego, a ich wolumen liczy się do niego.',
          'Makerzy dodają płynność zleceniami, które czekają w arkuszu; takerzy są realizowani od razu na tych zleceniach.',
        ],
      },
    ],
    action: 'Zobacz opłaty i swój poziom',
  },
  {
    title: 'Nowe notowania: handel spot ARB/USDT i OP/USDT',
    lead: 'Arbitrum (ARB) i Optimism (OP), dwie sieci warstwy 2 zbudowane na Ethereum, trafiają na nasz rynek spot. Handel obiema parami rusza {opens}.',
    sections: [
      {
        heading: 'Szczegóły',
        facts: [
          ['Pary handlowe', 'ARB/USDT, OP/USDT'],
          ['Rynek', 'Spot'],
          ['Początek handlu', '{opens}'],
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'Wpłaty i wypłaty ARB i OP nie są jeszcze dostępne; ogłosimy je osobno.',
          'Cena nowo notowanej kryptowaluty może gwałtownie się zmieniać. Rozważ zlecenia z limitem i inwestuj tylko tyle, ile możesz stracić.',
        ],
      },
    ],
    action: 'Handluj ARB/USDT',
  },
  {
    title: 'Aktualizacja sieci Tron: wpłaty i wypłaty USDT (TRC20) wstrzymane',
    lead: 'W związku z aktualizacją sieci Tron wstrzymujemy wpłaty i wypłaty USDT przez TRC20 od {start} do {end}.',
    sections: [
      {
        heading: 'Harmonogram',
        facts: [
          ['Dotyczy', 'Wpłat i wypłat USDT (TRC20)'],
          ['Początek', '{start}'],
          ['Koniec', '{end}'],
        ],
      },
      {
        heading: 'Warto wiedzieć',
        points: [
          'USDT w sieci Ethereum (ERC20) można wpłacać i wypłacać normalnie.',
          'Handel działa bez zmian.',
          'Wpłata wysłana przez TRC20 w czasie przerwy zostanie zaksięgowana po zakończeniu aktualizacji.',
        ],
      },
    ],
    action: 'Przejdź do wypłat',
  },
  {
    title: 'Fundusz ochronny: saldo, historia i wypłaty są teraz jawne',
    lead: 'Fundusz ochronny pokrywa straty na kontraktach, których zlikwidowane konto nie może pokryć samo. Jego strona pokazuje saldo funduszu, jego zmiany i każdą wypłatę.',
    sections: [
      {
        heading: 'Co pokazuje strona',
        points: [
          'Bieżące saldo funduszu w USDT i czas ostatniej aktualizacji.',
          'Wykres salda w czasie.',
          'Każdą wypłatę z czasem, rynkiem, stroną, wielkością i kwotą; konta widać tylko jako zamaskowany identyfikator.',
        ],
      },
      {
        heading: 'Czego fundusz nie pokrywa',
        points: [
          'Twojego własnego depozytu: zlikwidowana pozycja i tak traci swój depozyt.',
          'Strat na pozycjach, które nie zostały zlikwidowane, handlu spot, opłat transakcyjnych i płatności z tytułu finansowania.',
        ],
      },
    ],
    action: 'Zobacz fundusz ochronny',
  },
  {
    title: 'Przypomnienie o bezpieczeństwie: jak rozpoznać phishing',
    lead: 'Oszuści podrabiają nasze e-maile, SMS-y i strony, aby wykraść hasła i kody weryfikacyjne. Kilka nawyków pomoże chronić Twoje konto.',
    sections: [
      {
        heading: 'Chroń swoje konto',
        points: [
          'Ustaw kod antyphishingowy w ustawieniach konta. Każdy e-mail i SMS od nas go zawiera; wiadomość bez tego kodu nie pochodzi od nas.',
          'Nigdy nikomu nie podawaj hasła, kodów weryfikacyjnych ani tajnych kluczy API, także osobom podającym się za naszych pracowników.',
          'Przed zalogowaniem sprawdź pasek adresu i otwieraj naszą stronę z zakładki, a nie z linku w wiadomości.',
          'Dodaj klucz bezpieczeństwa, aby samo skradzione hasło nie wystarczyło do wejścia na Twoje konto.',
        ],
      },
    ],
    action: 'Ustaw kod antyphishingowy',
  },
];
