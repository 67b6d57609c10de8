import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in French, newest first. */
export const fr: readonly AnnouncementText[] = [
  {
    title: 'Nouvelle cotation : trading au comptant SUI/USDT',
    lead: 'SUI, le jeton natif de la blockchain Sui, arrive sur notre marché au comptant. La paire SUI/USDT ouvre au trading le {opens}.',
    sections: [
      {
        heading: 'Détails',
        facts: [
          ['Paire', 'SUI/USDT'],
          ['Marché', 'Au comptant (spot)'],
          ['Ouverture du trading', '{opens}'],
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'Les ordres à cours limité et au marché sont disponibles dès l’ouverture.',
          'Les dépôts et retraits de SUI ne sont pas encore ouverts ; nous les annoncerons séparément.',
          'Le prix d’une crypto tout juste cotée peut varier fortement. Privilégiez les ordres à cours limité et n’engagez que ce que vous pouvez vous permettre de perdre.',
        ],
      },
    ],
    action: 'Trader SUI/USDT',
  },
  {
    title: 'Maintenance programmée : dépôts et retraits d’ETH',
    lead: 'Nous mettrons à niveau notre portefeuille Ethereum du {start} au {end}. Pendant ce temps, les dépôts et retraits d’ETH sont suspendus.',
    sections: [
      {
        heading: 'Calendrier',
        facts: [
          ['Concerne', 'Dépôts et retraits d’ETH (ERC20)'],
          ['Début', '{start}'],
          ['Fin', '{end}'],
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'Le trading d’ETH sur les marchés au comptant et à terme n’est pas concerné.',
          'Un dépôt envoyé pendant la maintenance est crédité à la fin de celle-ci ; inutile de l’envoyer à nouveau.',
          'Si les travaux se terminent plus tôt, les dépôts et retraits rouvrent sans nouvelle annonce.',
        ],
      },
    ],
    action: 'Accéder aux dépôts',
  },
  {
    title: 'Compétition de trading au comptant sur les paires en USDT',
    lead: 'Du {start} au {end}, tradez n’importe quelle paire au comptant cotée en USDT pour gagner une part d’une cagnotte de {pool} USDT.',
    sections: [
      {
        heading: 'Détails',
        facts: [
          ['Début', '{start}'],
          ['Fin', '{end}'],
          ['Cagnotte', '{pool} USDT'],
          ['Volume minimum pour participer', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Règlement',
        points: [
          'Les participants sont classés selon leur volume de trading au comptant sur les paires en USDT pendant la compétition. Les {winners} premiers se partagent la cagnotte au prorata de leur volume.',
          'Le volume d’un sous-compte compte pour son compte principal. Les ordres passés en mode simulation ne comptent pas.',
          'Les gains sont crédités sur le compte spot des gagnants dans les 7 jours suivant la fin de la compétition. Les comptes pratiquant le wash trading sont exclus.',
        ],
      },
    ],
    action: 'Commencer à trader',
  },
  {
    title: 'Preuve de réserves : vérifiez que votre solde est bien compté',
    lead: 'Notre page de preuve de réserves présente, crypto par crypto, ce que nous détenons face à ce que nous devons à nos utilisateurs, et vous permet de vérifier que vos propres soldes sont inclus.',
    sections: [
      {
        heading: 'Comment vérifier vos soldes',
        steps: [
          'Connectez-vous et ouvrez la page de preuve de réserves.',
          'Choisissez « Télécharger et vérifier ma preuve ». Votre preuve est enregistrée dans un fichier et vérifiée étape par étape dans votre navigateur.',
          'Si les hachages calculés à partir de vos soldes remontent jusqu’à la racine publiée, vos soldes sont comptés dans le passif.',
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'Votre preuve est liée à un nonce privé que vous seul recevez : elle montre vos soldes et rien sur les autres utilisateurs.',
          'Vous pouvez aussi vérifier un fichier de preuve hors ligne, sans notre page, avec la commande indiquée sur celle-ci.',
          'Les soldes simulés ne sont dus à personne et ne font pas partie des réserves.',
        ],
      },
    ],
    action: 'Ouvrir la preuve de réserves',
  },
  {
    title: 'Nouvelle cotation : contrat perpétuel TONUSDT',
    lead: 'Le contrat perpétuel USDT-M TONUSDT ouvre au trading le {opens}, avec un effet de levier jusqu’à {leverage}x.',
    sections: [
      {
        heading: 'Caractéristiques du contrat',
        facts: [
          ['Contrat', 'TONUSDT perpétuel'],
          ['Marge et règlement', 'USDT'],
          ['Effet de levier maximal', '{leverage}x'],
          ['Intervalle de financement', 'Toutes les {funding} heures'],
          ['Ouverture du trading', '{opens}'],
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'La marge isolée et la marge croisée sont disponibles, en mode unidirectionnel comme en mode couverture.',
          'L’effet de levier amplifie les gains comme les pertes, et une position dont la marge est épuisée est liquidée. N’engagez que ce que vous pouvez vous permettre de perdre.',
        ],
      },
    ],
    action: 'Trader TONUSDT',
  },
  {
    title: 'Mise à niveau programmée du système : trading au comptant et à terme',
    lead: 'Nous mettrons à niveau notre système de trading du {start} au {end}. Pendant ce temps, il ne sera pas possible de passer ni d’annuler des ordres sur les marchés au comptant et à terme.',
    sections: [
      {
        heading: 'Calendrier',
        facts: [
          ['Concerne', 'Passage et annulation d’ordres au comptant et à terme'],
          ['Début', '{start}'],
          ['Fin', '{end}'],
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'Les ordres ouverts restent dans le carnet d’ordres et les positions ouvertes restent ouvertes.',
          'Les dépôts, retraits et transferts entre vos comptes continuent normalement.',
          'Assurez-vous avant le début de la mise à niveau que vos positions à terme disposent d’une marge suffisante.',
        ],
      },
    ],
    action: 'Vérifier votre compte futures',
  },
  {
    title: 'Entraînez-vous sans risque avec le trading simulé',
    lead: 'Le trading simulé vous permet d’essayer le trading au comptant et à terme avec {demo} USDT de fonds de démonstration, aux prix du marché et sans toucher à votre solde réel.',
    sections: [
      {
        heading: 'Pour commencer',
        steps: [
          'Connectez-vous et ouvrez n’importe quel écran de trading au comptant ou à terme.',
          'Choisissez « Essayer le trading simulé ».',
          'Tradez comme d’habitude : un bandeau vous rappelle que les ordres utilisent des fonds de démonstration. Choisissez « Quitter la simulation » pour revenir à votre compte.',
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'Votre compte démo a ses propres soldes, ordres, positions et niveau VIP, séparés de votre compte réel.',
          'Les fonds de démonstration ne peuvent être ni retirés ni transférés vers votre compte réel.',
        ],
      },
    ],
    action: 'Ouvrir l’écran de trading à terme',
  },
  {
    title: 'Nouveau barème des frais VIP pour le spot et les futures',
    lead: 'À partir du {effective}, un seul niveau VIP fixe vos frais sur les deux marchés : le plus élevé des niveaux atteints par votre volume au comptant et par votre volume à terme sur {days} jours.',
    sections: [
      { heading: 'Frais par niveau VIP', feeColumns: ['Niveau', 'Spot maker / taker', 'Futures maker / taker'] },
      {
        heading: 'Bon à savoir',
        points: [
          'Chaque exécution compte aussitôt dans votre volume et cesse de compter au-delà de {days} jours.',
          'Les sous-comptes tradent au niveau de leur compte principal, et leur volume compte pour celui-ci.',
          'Les makers apportent de la liquidité avec des ordres qui restent dans le carnet ; les takers s’exécutent immédiatement contre ces ordres.',
        ],
      },
    ],
    action: 'Voir le barème et votre niveau',
  },
  {
    title: 'Nouvelles cotations : trading au comptant ARB/USDT et OP/USDT',
    lead: 'Arbitrum (ARB) et Optimism (OP), deux réseaux de couche 2 bâtis sur Ethereum, arrivent sur notre marché au comptant. Les deux paires ouvrent au trading le {opens}.',
    sections: [
      {
        heading: 'Détails',
        facts: [
          ['Paires', 'ARB/USDT, OP/USDT'],
          ['Marché', 'Au comptant (spot)'],
          ['Ouverture du trading', '{opens}'],
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'Les dépôts et retraits d’ARB et d’OP ne sont pas encore ouverts ; nous les annoncerons séparément.',
          'Le prix d’une crypto tout juste cotée peut varier fortement. Privilégiez les ordres à cours limité et n’engagez que ce que vous pouvez vous permettre de perdre.',
        ],
      },
    ],
    action: 'Trader ARB/USDT',
  },
  {
    title: 'Mise à niveau du réseau Tron : dépôts et retraits d’USDT (TRC20) suspendus',
    lead: 'Pour accompagner une mise à niveau du réseau Tron, nous suspendrons les dépôts et retraits d’USDT sur TRC20 du {start} au {end}.',
    sections: [
      {
        heading: 'Calendrier',
        facts: [
          ['Concerne', 'Dépôts et retraits d’USDT (TRC20)'],
          ['Début', '{start}'],
          ['Fin', '{end}'],
        ],
      },
      {
        heading: 'Bon à savoir',
        points: [
          'L’USDT sur le réseau Ethereum (ERC20) peut être déposé et retiré normalement.',
          'Le trading n’est pas concerné.',
          'Un dépôt envoyé sur TRC20 pendant la suspension est crédité à la fin de la mise à niveau.',
        ],
      },
    ],
    action: 'Accéder aux retraits',
  },
  {
    title: 'Fonds de protection : solde, historique et indemnisations désormais publics',
    lead: 'Le fonds de protection couvre les pertes sur contrats à terme qu’un compte liquidé ne peut pas couvrir lui-même. Sa page présente le solde du fonds, son évolution et chaque indemnisation.',
    sections: [
      {
        heading: 'Ce que montre la page',
        points: [
          'Le solde actuel du fonds en USDT et l’heure de sa dernière mise à jour.',
          'Un graphique de l’évolution du solde.',
          'Chaque indemnisation avec son heure, son marché, son sens, sa taille et son montant ; les comptes n’apparaissent que sous une référence masquée.',
        ],
      },
      {
        heading: 'Ce que le fonds ne couvre pas',
        points: [
          'Votre propre marge : une position liquidée perd tout de même sa marge.',
          'Les pertes sur des positions non liquidées, le trading au comptant, les frais de trading et les paiements de financement.',
        ],
      },
    ],
    action: 'Voir le fonds de protection',
  },
  {
    title: 'Rappel de sécurité : comment repérer l’hameçonnage',
    lead: 'Des escrocs imitent nos e-mails, SMS et pages web pour voler mots de passe et codes de vérification. Quelques bons réflexes protègent votre compte.',
    sections: [
      {
        heading: 'Protégez votre compte',
        points: [
          'Définissez un code anti-hameçonnage dans les paramètres du compte. Chaque e-mail et SMS que nous vous envoyons l’affiche ; un message qui ne le contient pas ne vient pas de nous.',
          'Ne communiquez jamais votre mot de passe, vos codes de vérification ou vos clés secrètes d’API à personne, y compris à ceux qui prétendent travailler pour nous.',
          'Vérifiez la barre d’adresse avant de vous connecter, et ouvrez notre site depuis un favori plutôt que depuis un lien reçu dans un message.',
          'Ajoutez une clé de sécurité : un mot de passe volé ne suffira plus à ouvrir votre compte.',
        ],
      },
    ],
    action: 'Définir votre code anti-hameçonnage',
  },
];
