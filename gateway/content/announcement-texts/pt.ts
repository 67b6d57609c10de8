import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Portuguese (pt-PT reads them too), newest first. */
export const pt: readonly AnnouncementText[] = [
  {
    title: 'Nova listagem: negociação à vista de SUI/USDT',
    lead: 'SUI, o token nativo da blockchain Sui, chega ao nosso mercado à vista. O par SUI/USDT abre para negociação em {opens}.',
    sections: [
      {
        heading: 'Detalhes',
        facts: [
          ['Par', 'SUI/USDT'],
          ['Mercado', 'À vista (spot)'],
          ['Início da negociação', '{opens}'],
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'Ordens limitadas e a mercado ficam disponíveis assim que a negociação começa.',
          'Depósitos e saques de SUI ainda não estão disponíveis; vamos anunciá-los separadamente.',
          'O preço de uma moeda recém-listada pode oscilar muito. Considere usar ordens limitadas e negocie apenas o que você pode perder.',
        ],
      },
    ],
    action: 'Negociar SUI/USDT',
  },
  {
    title: 'Manutenção programada: depósitos e saques de ETH',
    lead: 'Vamos atualizar nossa carteira de Ethereum de {start} até {end}. Nesse período, depósitos e saques de ETH ficam pausados.',
    sections: [
      {
        heading: 'Cronograma',
        facts: [
          ['Afeta', 'Depósitos e saques de ETH (ERC20)'],
          ['Início', '{start}'],
          ['Fim', '{end}'],
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'A negociação de ETH nos mercados à vista e de futuros não é afetada.',
          'Um depósito enviado durante a manutenção é creditado quando ela termina; não é preciso enviá-lo de novo.',
          'Se o trabalho terminar antes, depósitos e saques voltam sem novo aviso.',
        ],
      },
    ],
    action: 'Ir para depósitos',
  },
  {
    title: 'Competição de negociação à vista em pares com USDT',
    lead: 'De {start} até {end}, negocie qualquer par à vista cotado em USDT e concorra a uma parte de um prêmio de {pool} USDT.',
    sections: [
      {
        heading: 'Detalhes',
        facts: [
          ['Início', '{start}'],
          ['Fim', '{end}'],
          ['Prêmio total', '{pool} USDT'],
          ['Volume mínimo para participar', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Regras',
        points: [
          'Os participantes são classificados pelo volume negociado à vista em pares com USDT durante a competição. Os {winners} primeiros dividem o prêmio na proporção do seu volume.',
          'O volume de uma subconta conta para a conta principal. Operações no modo de simulação não contam.',
          'As recompensas são creditadas na conta spot dos vencedores em até 7 dias após o fim da competição. Contas que praticarem wash trading são excluídas.',
        ],
      },
    ],
    action: 'Começar a negociar',
  },
  {
    title: 'Prova de reservas: confira se o seu saldo está incluído',
    lead: 'Nossa página de prova de reservas mostra, moeda por moeda, o que mantemos em relação ao que devemos aos usuários, e permite verificar que os seus saldos estão incluídos.',
    sections: [
      {
        heading: 'Como verificar seus saldos',
        steps: [
          'Entre na sua conta e abra a página de prova de reservas.',
          'Escolha “Baixar e verificar minha prova”. Sua prova é salva como arquivo e verificada passo a passo no navegador.',
          'Se os hashes calculados a partir dos seus saldos chegam à raiz publicada, seus saldos estão incluídos nos passivos.',
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'Sua prova é ligada a um nonce privado que só você recebe, então mostra os seus saldos e nada sobre mais ninguém.',
          'Você também pode verificar um arquivo de prova offline, sem a nossa página, com o comando indicado lá.',
          'Saldos simulados não são devidos a ninguém e não fazem parte das reservas.',
        ],
      },
    ],
    action: 'Abrir a prova de reservas',
  },
  {
    title: 'Nova listagem: contrato perpétuo TONUSDT',
    lead: 'O contrato perpétuo USDT-M TONUSDT abre para negociação em {opens}, com alavancagem de até {leverage}x.',
    sections: [
      {
        heading: 'Detalhes do contrato',
        facts: [
          ['Contrato', 'TONUSDT perpétuo'],
          ['Margem e liquidação', 'USDT'],
          ['Alavancagem máxima', '{leverage}x'],
          ['Intervalo de financiamento', 'A cada {funding} horas'],
          ['Início da negociação', '{opens}'],
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'Margem isolada e cruzada estão disponíveis, no modo unidirecional e no modo hedge.',
          'A alavancagem multiplica ganhos e também perdas, e uma posição que fica sem margem é liquidada. Negocie apenas o que você pode perder.',
        ],
      },
    ],
    action: 'Negociar TONUSDT',
  },
  {
    title: 'Atualização programada do sistema: negociação à vista e de futuros',
    lead: 'Vamos atualizar nosso sistema de negociação de {start} até {end}. Nesse período, não será possível enviar nem cancelar ordens nos mercados à vista e de futuros.',
    sections: [
      {
        heading: 'Cronograma',
        facts: [
          ['Afeta', 'Envio e cancelamento de ordens à vista e de futuros'],
          ['Início', '{start}'],
          ['Fim', '{end}'],
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'Ordens abertas continuam no livro de ofertas e posições abertas continuam abertas.',
          'Depósitos, saques e transferências entre as suas contas seguem normalmente.',
          'Confira se as suas posições de futuros têm margem suficiente antes do início da atualização.',
        ],
      },
    ],
    action: 'Ver sua conta de futuros',
  },
  {
    title: 'Pratique sem risco com a negociação simulada',
    lead: 'A negociação simulada permite experimentar os mercados à vista e de futuros com {demo} USDT em fundos de demonstração, a preços de mercado e sem mexer no seu saldo real.',
    sections: [
      {
        heading: 'Como começar',
        steps: [
          'Entre na sua conta e abra qualquer tela de negociação à vista ou de futuros.',
          'Escolha “Experimente a negociação simulada”.',
          'Negocie normalmente: um aviso lembra que as ordens usam fundos de demonstração. Escolha “Sair da simulação” para voltar à sua conta.',
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'Sua conta demo tem saldos, ordens, posições e nível VIP próprios, separados da sua conta real.',
          'Fundos de demonstração não podem ser sacados nem transferidos para a sua conta real.',
        ],
      },
    ],
    action: 'Abrir a tela de futuros',
  },
  {
    title: 'Nova tabela de taxas VIP para spot e futuros',
    lead: 'A partir de {effective}, um único nível VIP define suas taxas nos dois mercados: o maior entre os níveis alcançados pelo seu volume à vista e pelo seu volume de futuros de {days} dias.',
    sections: [
      { heading: 'Taxas por nível VIP', feeColumns: ['Nível', 'Spot maker / taker', 'Futuros maker / taker'] },
      {
        heading: 'Bom saber',
        points: [
          'Cada execução conta para o seu volume na hora e deixa de contar quando tem mais de {days} dias.',
          'Subcontas negociam no nível da conta principal, e o volume delas conta para ela.',
          'Makers adicionam liquidez com ordens que ficam no livro; takers são executados na hora contra elas.',
        ],
      },
    ],
    action: 'Ver as taxas e o seu nível',
  },
  {
    title: 'Novas listagens: negociação à vista de ARB/USDT e OP/USDT',
    lead: 'Arbitrum (ARB) e Optimism (OP), duas redes de camada 2 construídas sobre o Ethereum, chegam ao nosso mercado à vista. Os dois pares abrem para negociação em {opens}.',
    sections: [
      {
        heading: 'Detalhes',
        facts: [
          ['Pares', 'ARB/USDT, OP/USDT'],
          ['Mercado', 'À vista (spot)'],
          ['Início da negociação', '{opens}'],
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'Depósitos e saques de ARB e OP ainda não estão disponíveis; vamos anunciá-los separadamente.',
          'O preço de uma moeda recém-listada pode oscilar muito. Considere usar ordens limitadas e negocie apenas o que você pode perder.',
        ],
      },
    ],
    action: 'Negociar ARB/USDT',
  },
  {
    title: 'Atualização da rede Tron: depósitos e saques de USDT (TRC20) pausados',
    lead: 'Para acompanhar uma atualização da rede Tron, vamos pausar depósitos e saques de USDT pela TRC20 de {start} até {end}.',
    sections: [
      {
        heading: 'Cronograma',
        facts: [
          ['Afeta', 'Depósitos e saques de USDT (TRC20)'],
          ['Início', '{start}'],
          ['Fim', '{end}'],
        ],
      },
      {
        heading: 'Bom saber',
        points: [
          'USDT na rede Ethereum (ERC20) pode ser depositado e sacado normalmente.',
          'A negociação não é afetada.',
          'Um depósito enviado pela TRC20 durante a pausa é creditado quando a atualização termina.',
        ],
      },
    ],
    action: 'Ir para saques',
  },
  {
    title: 'Fundo de proteção: saldo, histórico e pagamentos agora públicos',
    lead: 'O fundo de proteção cobre perdas de futuros que uma conta liquidada não consegue cobrir sozinha. A página do fundo mostra o saldo, como ele mudou e cada pagamento.',
    sections: [
      {
        heading: 'O que a página mostra',
        points: [
          'O saldo atual do fundo em USDT e quando foi atualizado pela última vez.',
          'Um gráfico do saldo ao longo do tempo.',
          'Cada pagamento com horário, mercado, lado, tamanho e valor; as contas aparecem só como uma referência mascarada.',
        ],
      },
      {
        heading: 'O que o fundo não cobre',
        points: [
          'Sua própria margem: uma posição liquidada perde a margem mesmo assim.',
          'Perdas de posições que não foram liquidadas, negociação à vista, taxas de negociação e pagamentos de financiamento.',
        ],
      },
    ],
    action: 'Ver o fundo de proteção',
  },
  {
    title: 'Lembrete de segurança: como reconhecer phishing',
    lead: 'Golpistas copiam nossos e-mails, SMS e páginas para roubar senhas e códigos de verificação. Alguns hábitos mantêm sua conta segura.',
    sections: [
      {
        heading: 'Proteja sua conta',
        points: [
          'Defina um código antiphishing nas configurações da conta. Todo e-mail e SMS que enviamos mostra esse código; uma mensagem sem ele não é nossa.',
          'Nunca compartilhe sua senha, códigos de verificação ou chaves secretas de API com ninguém, nem com quem diga trabalhar para nós.',
          'Confira a barra de endereços antes de entrar e abra nosso site por um favorito, não por um link recebido em mensagem.',
          'Adicione uma chave de segurança, para que uma senha roubada não baste para entrar na sua conta.',
        ],
      },
    ],
    action: 'Definir seu código antiphishing',
  },
];
