import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Spanish (es-ES reads them too), newest first. */
export const es: readonly AnnouncementText[] = [
  {
    title: 'Nuevo listado: trading al contado de SUI/USDT',
    lead: 'SUI, el token nativo de la blockchain Sui, llega a nuestro mercado al contado. El par SUI/USDT abre al trading el {opens}.',
    sections: [
      {
        heading: 'Detalles',
        facts: [
          ['Par', 'SUI/USDT'],
          ['Mercado', 'Al contado (spot)'],
          ['Apertura del trading', '{opens}'],
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'Las órdenes límite y de mercado están disponibles desde la apertura.',
          'Los depósitos y retiros de SUI aún no están disponibles; los anunciaremos por separado.',
          'El precio de una moneda recién listada puede moverse con fuerza. Considera usar órdenes límite y opera solo con lo que puedas permitirte perder.',
        ],
      },
    ],
    action: 'Operar SUI/USDT',
  },
  {
    title: 'Mantenimiento programado: depósitos y retiros de ETH',
    lead: 'Actualizaremos nuestra billetera de Ethereum desde el {start} hasta el {end}. Durante ese tiempo, los depósitos y retiros de ETH quedan en pausa.',
    sections: [
      {
        heading: 'Calendario',
        facts: [
          ['Afecta a', 'Depósitos y retiros de ETH (ERC20)'],
          ['Inicio', '{start}'],
          ['Fin', '{end}'],
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'El trading de ETH en los mercados al contado y de futuros no se ve afectado.',
          'Un depósito enviado durante el mantenimiento se acredita cuando este termina; no hace falta volver a enviarlo.',
          'Si el trabajo termina antes, los depósitos y retiros se reanudan sin otro anuncio.',
        ],
      },
    ],
    action: 'Ir a depósitos',
  },
  {
    title: 'Competición de trading al contado en pares con USDT',
    lead: 'Desde el {start} hasta el {end}, opera cualquier par al contado cotizado en USDT y compite por una parte de un premio de {pool} USDT.',
    sections: [
      {
        heading: 'Detalles',
        facts: [
          ['Inicio', '{start}'],
          ['Fin', '{end}'],
          ['Premio total', '{pool} USDT'],
          ['Volumen mínimo para participar', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Reglas',
        points: [
          'Los participantes se clasifican por su volumen de trading al contado en pares con USDT durante la competición. Los {winners} primeros se reparten el premio en proporción a su volumen.',
          'El volumen de una subcuenta cuenta para su cuenta principal. Las operaciones en modo simulación no cuentan.',
          'Las recompensas se acreditan en la cuenta spot de los ganadores dentro de los 7 días siguientes al final de la competición. Se excluyen las cuentas que hagan wash trading.',
        ],
      },
    ],
    action: 'Empezar a operar',
  },
  {
    title: 'Prueba de reservas: comprueba que tu saldo está incluido',
    lead: 'Nuestra página de prueba de reservas muestra, moneda por moneda, lo que tenemos frente a lo que debemos a nuestros usuarios, y te permite verificar que tus saldos están incluidos.',
    sections: [
      {
        heading: 'Cómo verificar tus saldos',
        steps: [
          'Inicia sesión y abre la página de prueba de reservas.',
          'Elige «Descargar y verificar mi prueba». Tu prueba se guarda como archivo y se comprueba paso a paso en tu navegador.',
          'Si los hashes calculados a partir de tus saldos llegan a la raíz publicada, tus saldos están incluidos en los pasivos.',
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'Tu prueba está ligada a un nonce privado que solo recibes tú, así que muestra tus saldos y nada sobre nadie más.',
          'También puedes comprobar un archivo de prueba sin conexión, sin nuestra página, con el comando que se indica allí.',
          'Los saldos simulados no se le deben a nadie y no forman parte de las reservas.',
        ],
      },
    ],
    action: 'Abrir la prueba de reservas',
  },
  {
    title: 'Nuevo listado: contrato perpetuo TONUSDT',
    lead: 'El contrato perpetuo USDT-M TONUSDT abre al trading el {opens}, con apalancamiento de hasta {leverage}x.',
    sections: [
      {
        heading: 'Detalles del contrato',
        facts: [
          ['Contrato', 'TONUSDT perpetuo'],
          ['Margen y liquidación', 'USDT'],
          ['Apalancamiento máximo', '{leverage}x'],
          ['Intervalo de financiación', 'Cada {funding} horas'],
          ['Apertura del trading', '{opens}'],
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'Puedes usar margen aislado y cruzado, en modo unidireccional y en modo cobertura.',
          'El apalancamiento multiplica tanto las ganancias como las pérdidas, y una posición que se queda sin margen se liquida. Opera solo con lo que puedas permitirte perder.',
        ],
      },
    ],
    action: 'Operar TONUSDT',
  },
  {
    title: 'Actualización programada del sistema: trading al contado y de futuros',
    lead: 'Actualizaremos nuestro sistema de trading desde el {start} hasta el {end}. Durante ese tiempo no se podrán colocar ni cancelar órdenes en los mercados al contado y de futuros.',
    sections: [
      {
        heading: 'Calendario',
        facts: [
          ['Afecta a', 'Colocar y cancelar órdenes al contado y de futuros'],
          ['Inicio', '{start}'],
          ['Fin', '{end}'],
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'Las órdenes abiertas siguen en el libro de órdenes y las posiciones abiertas siguen abiertas.',
          'Los depósitos, retiros y transferencias entre tus cuentas continúan con normalidad.',
          'Asegúrate de que tus posiciones de futuros tengan margen suficiente antes de que empiece la actualización.',
        ],
      },
    ],
    action: 'Revisar tu cuenta de futuros',
  },
  {
    title: 'Practica sin riesgo con el trading simulado',
    lead: 'El trading simulado te permite probar el trading al contado y de futuros con {demo} USDT en fondos de demostración, a precios de mercado y sin tocar tu saldo real.',
    sections: [
      {
        heading: 'Cómo empezar',
        steps: [
          'Inicia sesión y abre cualquier pantalla de trading al contado o de futuros.',
          'Elige «Prueba el trading simulado».',
          'Opera como siempre: un aviso te recuerda que las órdenes usan fondos de demostración. Elige «Salir de la simulación» para volver a tu cuenta.',
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'Tu cuenta demo tiene sus propios saldos, órdenes, posiciones y nivel VIP, separados de tu cuenta real.',
          'Los fondos de demostración no se pueden retirar ni pasar a tu cuenta real.',
        ],
      },
    ],
    action: 'Abrir la pantalla de futuros',
  },
  {
    title: 'Nuevo esquema de comisiones VIP para spot y futuros',
    lead: 'A partir del {effective}, un único nivel VIP fija tus comisiones en ambos mercados: el más alto de los niveles que alcancen tu volumen al contado y tu volumen de futuros de {days} días.',
    sections: [
      { heading: 'Comisiones por nivel VIP', feeColumns: ['Nivel', 'Spot maker / taker', 'Futuros maker / taker'] },
      {
        heading: 'Ten en cuenta',
        points: [
          'Cada ejecución cuenta para tu volumen al instante y deja de contar cuando tiene más de {days} días.',
          'Las subcuentas operan con el nivel de su cuenta principal, y su volumen cuenta para ella.',
          'Los makers aportan liquidez con órdenes que quedan en el libro; los takers se ejecutan al instante contra ellas.',
        ],
      },
    ],
    action: 'Ver las comisiones y tu nivel',
  },
  {
    title: 'Nuevos listados: trading al contado de ARB/USDT y OP/USDT',
    lead: 'Arbitrum (ARB) y Optimism (OP), dos redes de capa 2 construidas sobre Ethereum, llegan a nuestro mercado al contado. Ambos pares abren al trading el {opens}.',
    sections: [
      {
        heading: 'Detalles',
        facts: [
          ['Pares', 'ARB/USDT, OP/USDT'],
          ['Mercado', 'Al contado (spot)'],
          ['Apertura del trading', '{opens}'],
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'Los depósitos y retiros de ARB y OP aún no están disponibles; los anunciaremos por separado.',
          'El precio de una moneda recién listada puede moverse con fuerza. Considera usar órdenes límite y opera solo con lo que puedas permitirte perder.',
        ],
      },
    ],
    action: 'Operar ARB/USDT',
  },
  {
    title: 'Actualización de la red Tron: pausa de depósitos y retiros de USDT (TRC20)',
    lead: 'Para acompañar una actualización de la red Tron, pausaremos los depósitos y retiros de USDT por TRC20 desde el {start} hasta el {end}.',
    sections: [
      {
        heading: 'Calendario',
        facts: [
          ['Afecta a', 'Depósitos y retiros de USDT (TRC20)'],
          ['Inicio', '{start}'],
          ['Fin', '{end}'],
        ],
      },
      {
        heading: 'Ten en cuenta',
        points: [
          'El USDT en la red Ethereum (ERC20) se puede depositar y retirar con normalidad.',
          'El trading no se ve afectado.',
          'Un depósito enviado por TRC20 durante la pausa se acredita cuando termina la actualización.',
        ],
      },
    ],
    action: 'Ir a retiros',
  },
  {
    title: 'Fondo de protección: saldo, historial y pagos ya son públicos',
    lead: 'El fondo de protección cubre las pérdidas de futuros que una cuenta liquidada no puede cubrir por sí misma. Su página muestra el saldo del fondo, cómo ha cambiado y cada pago.',
    sections: [
      {
        heading: 'Qué muestra la página',
        points: [
          'El saldo actual del fondo en USDT y cuándo se actualizó por última vez.',
          'Un gráfico del saldo a lo largo del tiempo.',
          'Cada pago con su hora, mercado, lado, tamaño e importe; las cuentas solo aparecen como una referencia enmascarada.',
        ],
      },
      {
        heading: 'Qué no cubre el fondo',
        points: [
          'Tu propio margen: una posición liquidada pierde igualmente su margen.',
          'Las pérdidas de posiciones que no se liquidan, el trading al contado, las comisiones de trading y los pagos de financiación.',
        ],
      },
    ],
    action: 'Ver el fondo de protección',
  },
  {
    title: 'Recordatorio de seguridad: cómo reconocer el phishing',
    lead: 'Los estafadores copian nuestros correos, SMS y páginas web para robar contraseñas y códigos de verificación. Unos pocos hábitos mantienen tu cuenta a salvo.',
    sections: [
      {
        heading: 'Protege tu cuenta',
        points: [
          'Configura un código antiphishing en la configuración de tu cuenta. Todos los correos y SMS que te enviamos lo muestran; un mensaje sin él no es nuestro.',
          'Nunca compartas tu contraseña, códigos de verificación ni claves secretas de API con nadie, tampoco con quien diga trabajar para nosotros.',
          'Revisa la barra de direcciones antes de iniciar sesión y abre nuestro sitio desde un marcador, no desde un enlace recibido en un mensaje.',
          'Agrega una llave de seguridad, para que una contraseña robada no baste para entrar en tu cuenta.',
        ],
      },
    ],
    action: 'Configurar tu código antiphishing',
  },
];
