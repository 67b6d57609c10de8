import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Uzbek (Latin script), newest first. */
export const uz: readonly AnnouncementText[] = [
  {
    title: 'Yangi listing: SUI/USDT spot savdosi',
    lead: 'Sui blokcheynining asosiy tokeni SUI spot bozorimizga qoʻshilmoqda. SUI/USDT juftligida savdo boshlanish vaqti: {opens}.',
    sections: [
      {
        heading: 'Tafsilotlar',
        facts: [
          ['Savdo juftligi', 'SUI/USDT'],
          ['Bozor', 'Spot'],
          ['Savdo boshlanishi', '{opens}'],
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Savdo boshlanishi bilan limit va bozor buyurtmalaridan foydalanish mumkin.',
          'SUI kiritish va yechish hali ochilmagan; bu haqda alohida eʼlon qilamiz.',
          'Yangi listingga chiqqan tanga narxi keskin oʻzgarishi mumkin. Limit buyurtmalardan foydalanishni oʻylab koʻring va faqat yoʻqotishga tayyor boʻlgan mablagʻ bilan savdo qiling.',
        ],
      },
    ],
    action: 'SUI/USDT savdosiga oʻtish',
  },
  {
    title: 'Rejali texnik xizmat: ETH kiritish va yechish',
    lead: 'Ethereum hamyonimizni {start} – {end} oraligʻida yangilaymiz. Shu vaqt davomida ETH kiritish va yechish toʻxtatiladi.',
    sections: [
      {
        heading: 'Jadval',
        facts: [
          ['Taʼsir qiladi', 'ETH kiritish va yechish (ERC20)'],
          ['Boshlanishi', '{start}'],
          ['Tugashi', '{end}'],
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Spot va fyuchers bozorlarida ETH savdosiga taʼsir qilmaydi.',
          'Texnik xizmat paytida yuborilgan depozit u tugagach hisobingizga tushadi; uni qayta yuborish shart emas.',
          'Ishlar erta tugasa, kiritish va yechish qoʻshimcha eʼlonsiz qayta ochiladi.',
        ],
      },
    ],
    action: 'Kiritish sahifasiga oʻtish',
  },
  {
    title: 'USDT juftliklarida spot savdo musobaqasi',
    lead: '{start} – {end} oraligʻida USDTda narxlanadigan istalgan spot juftlikda savdo qiling va {pool} USDT miqdoridagi mukofot jamgʻarmasidan ulush uchun bellashing.',
    sections: [
      {
        heading: 'Tafsilotlar',
        facts: [
          ['Boshlanishi', '{start}'],
          ['Tugashi', '{end}'],
          ['Mukofot jamgʻarmasi', '{pool} USDT'],
          ['Qatnashish uchun eng kam hajm', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Qoidalar',
        points: [
          'Ishtirokchilar musobaqa davomidagi USDT juftliklari boʻyicha spot savdo hajmiga qarab saralanadi. Eng yaxshi {winners} ishtirokchi mukofot jamgʻarmasini hajmiga mutanosib ravishda boʻlishadi.',
          'Subhisob hajmi uning asosiy hisobiga qoʻshiladi. Simulyatsiya rejimidagi savdolar hisobga olinmaydi.',
          'Mukofotlar musobaqa tugaganidan keyin 7 kun ichida gʻoliblarning spot hisoblariga tushiriladi. Soxta savdo (wash trading) qilgani aniqlangan hisoblar chetlatiladi.',
        ],
      },
    ],
    action: 'Savdoni boshlash',
  },
  {
    title: 'Zaxiralar isboti: balansingiz hisobga olinganini tekshiring',
    lead: 'Zaxiralar isboti sahifamiz har bir tanga boʻyicha bizdagi aktivlarni foydalanuvchilar oldidagi majburiyatlarimiz bilan solishtirib koʻrsatadi va oʻz balanslaringiz kiritilganini tekshirish imkonini beradi.',
    sections: [
      {
        heading: 'Balanslaringizni qanday tekshirish mumkin',
        steps: [
          'Hisobingizga kiring va zaxiralar isboti sahifasini oching.',
          '“Isbotimni yuklab olish va tekshirish” tugmasini tanlang. Isbotingiz fayl sifatida saqlanadi va brauzeringizda bosqichma-bosqich tekshiriladi.',
          'Balanslaringizdan hisoblangan xeshlar eʼlon qilingan ildizga yetib borsa, balanslaringiz majburiyatlarga kiritilgan.',
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Isbotingiz faqat sizga beriladigan maxfiy nonce bilan bogʻlangan, shuning uchun u faqat sizning balanslaringizni koʻrsatadi va boshqalar haqida hech narsa ochmaydi.',
          'Isbot faylini sahifamizsiz, u yerda koʻrsatilgan buyruq bilan oflayn ham tekshirishingiz mumkin.',
          'Simulyatsiya balanslari hech kimga qarz emas va zaxiralarga kirmaydi.',
        ],
      },
    ],
    action: 'Zaxiralar isbotini ochish',
  },
  {
    title: 'Yangi listing: TONUSDT muddatsiz kontrakti',
    lead: 'TONUSDT USDT-M muddatsiz kontrakti {leverage}x gacha leverej bilan savdoga ochiladi. Savdo boshlanish vaqti: {opens}.',
    sections: [
      {
        heading: 'Kontrakt tafsilotlari',
        facts: [
          ['Kontrakt', 'TONUSDT muddatsiz'],
          ['Marja va hisob-kitob', 'USDT'],
          ['Eng yuqori leverej', '{leverage}x'],
          ['Moliyalashtirish oraligʻi', 'Har {funding} soatda'],
          ['Savdo boshlanishi', '{opens}'],
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Izolyatsiyalangan va kross marja bir tomonlama rejimda ham, xedj rejimida ham mavjud.',
          'Leverej foydani ham, zararni ham koʻpaytiradi, marjasi tugagan pozitsiya esa likvidatsiya qilinadi. Faqat yoʻqotishga tayyor boʻlgan mablagʻ bilan savdo qiling.',
        ],
      },
    ],
    action: 'TONUSDT savdosiga oʻtish',
  },
  {
    title: 'Rejali tizim yangilanishi: spot va fyuchers savdosi',
    lead: 'Savdo tizimimizni {start} – {end} oraligʻida yangilaymiz. Shu vaqt davomida spot va fyuchers bozorlarida buyurtma berish va bekor qilish imkonsiz boʻladi.',
    sections: [
      {
        heading: 'Jadval',
        facts: [
          ['Taʼsir qiladi', 'Spot va fyuchers buyurtmalarini berish va bekor qilish'],
          ['Boshlanishi', '{start}'],
          ['Tugashi', '{end}'],
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Ochiq buyurtmalar buyurtmalar kitobida qoladi, ochiq pozitsiyalar ochiqligicha qoladi.',
          'Kiritish, yechish va hisoblaringiz oʻrtasidagi oʻtkazmalar odatdagidek ishlaydi.',
          'Yangilanish boshlanishidan oldin fyuchers pozitsiyalaringizda yetarli marja borligiga ishonch hosil qiling.',
        ],
      },
    ],
    action: 'Fyuchers hisobingizni tekshirish',
  },
  {
    title: 'Simulyatsiya savdosida xavfsiz mashq qiling',
    lead: 'Simulyatsiya savdosi {demo} USDT demo mablagʻ bilan bozor narxlarida spot va fyuchers savdosini sinab koʻrish imkonini beradi; haqiqiy balansingizga tegilmaydi.',
    sections: [
      {
        heading: 'Qanday boshlash kerak',
        steps: [
          'Hisobingizga kiring va istalgan spot yoki fyuchers savdo ekranini oching.',
          '“Simulyatsiya savdosini sinab koʻring” tugmasini tanlang.',
          'Odatdagidek savdo qiling: banner buyurtmalar demo mablagʻdan foydalanishini eslatib turadi. Hisobingizga qaytish uchun “Simulyatsiyadan chiqish” tugmasini tanlang.',
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Demo hisobingizning balanslari, buyurtmalari, pozitsiyalari va VIP darajasi haqiqiy hisobingizdan alohida yuritiladi.',
          'Demo mablagʻni yechib olish yoki haqiqiy hisobingizga oʻtkazish mumkin emas.',
        ],
      },
    ],
    action: 'Fyuchers savdo ekranini ochish',
  },
  {
    title: 'Spot va fyuchers uchun yangilangan VIP komissiya jadvali',
    lead: 'Yangi tartib kuchga kirish vaqti: {effective}. Endi bitta VIP darajasi ikkala bozordagi komissiyalaringizni belgilaydi: {days} kunlik spot hajmingiz va {days} kunlik fyuchers hajmingiz yetgan darajalardan yuqorirogʻi.',
    sections: [
      {
        heading: 'VIP darajalari boʻyicha komissiyalar',
        feeColumns: ['Daraja', 'Spot meyker / teyker', 'Fyuchers meyker / teyker'],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Har bir bajarilgan savdo darhol hajmingizga qoʻshiladi va {days} kundan eski boʻlgach hisobga olinmaydi.',
          'Subhisoblar asosiy hisob darajasida savdo qiladi va ularning hajmi asosiy hisobga qoʻshiladi.',
          'Meykerlar buyurtmalar kitobida turadigan buyurtmalar bilan likvidlik qoʻshadi; teykerlar ular bilan darhol bajariladi.',
        ],
      },
    ],
    action: 'Komissiyalar va darajangizni koʻrish',
  },
  {
    title: 'Yangi listinglar: ARB/USDT va OP/USDT spot savdosi',
    lead: 'Ethereum ustiga qurilgan ikki 2-qatlam tarmogʻi — Arbitrum (ARB) va Optimism (OP) spot bozorimizga qoʻshilmoqda. Ikkala juftlikda savdo boshlanish vaqti: {opens}.',
    sections: [
      {
        heading: 'Tafsilotlar',
        facts: [
          ['Savdo juftliklari', 'ARB/USDT, OP/USDT'],
          ['Bozor', 'Spot'],
          ['Savdo boshlanishi', '{opens}'],
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'ARB va OP kiritish va yechish hali ochilmagan; bu haqda alohida eʼlon qilamiz.',
          'Yangi listingga chiqqan tanga narxi keskin oʻzgarishi mumkin. Limit buyurtmalardan foydalanishni oʻylab koʻring va faqat yoʻqotishga tayyor boʻlgan mablagʻ bilan savdo qiling.',
        ],
      },
    ],
    action: 'ARB/USDT savdosiga oʻtish',
  },
  {
    title: 'Tron tarmogʻi yangilanishi: USDT (TRC20) kiritish va yechish toʻxtatiladi',
    lead: 'Tron tarmogʻi yangilanishini qoʻllab-quvvatlash uchun TRC20 orqali USDT kiritish va yechishni {start} – {end} oraligʻida toʻxtatamiz.',
    sections: [
      {
        heading: 'Jadval',
        facts: [
          ['Taʼsir qiladi', 'USDT kiritish va yechish (TRC20)'],
          ['Boshlanishi', '{start}'],
          ['Tugashi', '{end}'],
        ],
      },
      {
        heading: 'Bilib qoʻying',
        points: [
          'Ethereum (ERC20) tarmogʻidagi USDTni odatdagidek kiritish va yechish mumkin.',
          'Savdoga taʼsir qilmaydi.',
          'Toʻxtatilgan vaqtda TRC20 orqali yuborilgan depozit yangilanish tugagach hisobingizga tushadi.',
        ],
      },
    ],
    action: 'Yechish sahifasiga oʻtish',
  },
  {
    title: 'Himoya fondi: balans, tarix va toʻlovlar endi ochiq',
    lead: 'Himoya fondi likvidatsiya qilingan hisob oʻzi qoplay olmagan fyuchers zararlarini qoplaydi. Fond sahifasida uning balansi, balans oʻzgarishi va har bir toʻlov koʻrsatiladi.',
    sections: [
      {
        heading: 'Sahifada nimalar bor',
        points: [
          'Fondning USDTdagi joriy balansi va oxirgi yangilangan vaqti.',
          'Balansning vaqt boʻyicha grafigi.',
          'Har bir toʻlovning vaqti, bozori, yoʻnalishi, hajmi va summasi; hisoblar faqat yashirilgan havola sifatida koʻrsatiladi.',
        ],
      },
      {
        heading: 'Fond nimalarni qoplamaydi',
        points: [
          'Oʻz marjangizni: likvidatsiya qilingan pozitsiya baribir oʻz marjasini yoʻqotadi.',
          'Likvidatsiya qilinmagan pozitsiyalar zararlarini, spot savdoni, savdo komissiyalarini va moliyalashtirish toʻlovlarini.',
        ],
      },
    ],
    action: 'Himoya fondini koʻrish',
  },
  {
    title: 'Xavfsizlik eslatmasi: fishingni qanday tanib olish mumkin',
    lead: 'Firibgarlar parollar va tasdiqlash kodlarini oʻgʻirlash uchun elektron xatlarimiz, SMS xabarlarimiz va veb-sahifalarimizni soxtalashtiradi. Bir necha odat hisobingizni xavfsiz saqlaydi.',
    sections: [
      {
        heading: 'Hisobingizni himoya qiling',
        points: [
          'Hisob sozlamalarida fishingga qarshi kod oʻrnating. Biz yuboradigan har bir xat va SMSda bu kod koʻrsatiladi; kodsiz xabar bizdan emas.',
          'Parolingiz, tasdiqlash kodlari yoki maxfiy API kalitlarini hech kimga, jumladan oʻzini xodimimiz deb tanishtirganlarga ham bermang.',
          'Kirishdan oldin manzil satrini tekshiring va saytimizni xabardagi havola orqali emas, xatchoʻpdan oching.',
          'Xavfsizlik kalitini qoʻshing, shunda oʻgʻirlangan parolning oʻzi hisobingizga kirish uchun yetmaydi.',
        ],
      },
    ],
    action: 'Fishingga qarshi kodni oʻrnatish',
  },
];
