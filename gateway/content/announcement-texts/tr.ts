import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Turkish, newest first. */
export const tr: readonly AnnouncementText[] = [
  {
    title: 'Yeni listeleme: SUI/USDT spot işlemleri',
    lead: 'Sui blokzincirinin yerel tokenı SUI, spot piyasamıza geliyor. SUI/USDT paritesi {opens} itibarıyla işleme açılıyor.',
    sections: [
      {
        heading: 'Ayrıntılar',
        facts: [
          ['İşlem paritesi', 'SUI/USDT'],
          ['Piyasa', 'Spot'],
          ['İşlemlerin başlangıcı', '{opens}'],
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Limit ve piyasa emirleri işlemler başlar başlamaz kullanılabilir.',
          'SUI yatırma ve çekme işlemleri henüz açık değildir; bunları ayrıca duyuracağız.',
          'Yeni listelenen bir coinin fiyatı sert hareket edebilir. Limit emirleri değerlendirin ve yalnızca kaybetmeyi göze alabileceğiniz tutarla işlem yapın.',
        ],
      },
    ],
    action: 'SUI/USDT’de işlem yapın',
  },
  {
    title: 'Planlı bakım: ETH yatırma ve çekme işlemleri',
    lead: 'Ethereum cüzdanımızı {start} ile {end} arasında güncelleyeceğiz. Bu süre boyunca ETH yatırma ve çekme işlemleri duraklatılır.',
    sections: [
      {
        heading: 'Zaman çizelgesi',
        facts: [
          ['Etkilenen', 'ETH yatırma ve çekme (ERC20)'],
          ['Başlangıç', '{start}'],
          ['Bitiş', '{end}'],
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Spot ve vadeli piyasalarda ETH alım satımı etkilenmez.',
          'Bakım sırasında gönderilen bir yatırma, bakım bitince hesabınıza geçer; yeniden göndermeniz gerekmez.',
          'Çalışma erken biterse yatırma ve çekme işlemleri ayrıca duyuru yapılmadan yeniden açılır.',
        ],
      },
    ],
    action: 'Yatırma sayfasına git',
  },
  {
    title: 'USDT paritelerinde spot işlem yarışması',
    lead: '{start} ile {end} arasında USDT ile fiyatlanan herhangi bir spot paritede işlem yapın ve {pool} USDT tutarındaki ödül havuzundan pay almak için yarışın.',
    sections: [
      {
        heading: 'Ayrıntılar',
        facts: [
          ['Başlangıç', '{start}'],
          ['Bitiş', '{end}'],
          ['Ödül havuzu', '{pool} USDT'],
          ['Katılım için asgari hacim', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Kurallar',
        points: [
          'Katılımcılar yarışma süresince USDT paritelerindeki spot işlem hacmine göre sıralanır. İlk {winners} katılımcı ödül havuzunu hacimleriyle orantılı olarak paylaşır.',
          'Bir alt hesabın hacmi ana hesabına sayılır. Simülasyon modundaki işlemler sayılmaz.',
          'Ödüller yarışma bittikten sonra 7 gün içinde kazananların spot hesaplarına yatırılır. Sahte işlem (wash trading) yaptığı tespit edilen hesaplar elenir.',
        ],
      },
    ],
    action: 'İşleme başla',
  },
  {
    title: 'Rezerv kanıtı: bakiyenizin sayıldığını doğrulayın',
    lead: 'Rezerv kanıtı sayfamız, her coin için elimizde tuttuklarımızı kullanıcılarımıza olan borcumuzla karşılaştırır ve kendi bakiyelerinizin dahil edildiğini doğrulamanızı sağlar.',
    sections: [
      {
        heading: 'Bakiyelerinizi nasıl doğrularsınız',
        steps: [
          'Giriş yapın ve rezerv kanıtı sayfasını açın.',
          '“Kanıtımı indir ve doğrula” seçeneğini seçin. Kanıtınız dosya olarak kaydedilir ve tarayıcınızda adım adım kontrol edilir.',
          'Bakiyelerinizden hesaplanan hash’ler yayımlanan köke ulaşıyorsa bakiyeleriniz yükümlülüklere dahildir.',
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Kanıtınız yalnızca sizin aldığınız gizli bir nonce ile anahtarlanır; bu yüzden yalnızca sizin bakiyelerinizi gösterir, başkaları hakkında hiçbir şey göstermez.',
          'Bir kanıt dosyasını sayfamıza ihtiyaç duymadan, orada gösterilen komutla çevrim dışı da kontrol edebilirsiniz.',
          'Simülasyon bakiyeleri kimseye borç değildir ve rezervlere dahil değildir.',
        ],
      },
    ],
    action: 'Rezerv kanıtını aç',
  },
  {
    title: 'Yeni listeleme: TONUSDT vadesiz sözleşme',
    lead: 'TONUSDT USDT-M vadesiz sözleşmesi {opens} itibarıyla, {leverage}x’e kadar kaldıraçla işleme açılıyor.',
    sections: [
      {
        heading: 'Sözleşme ayrıntıları',
        facts: [
          ['Sözleşme', 'TONUSDT vadesiz'],
          ['Teminat ve uzlaşma', 'USDT'],
          ['Azami kaldıraç', '{leverage}x'],
          ['Fonlama aralığı', 'Her {funding} saatte bir'],
          ['İşlemlerin başlangıcı', '{opens}'],
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'İzole ve çapraz marjin, tek yönlü modda ve hedge modunda kullanılabilir.',
          'Kaldıraç kazançları olduğu kadar kayıpları da büyütür ve teminatı tükenen pozisyon tasfiye edilir. Yalnızca kaybetmeyi göze alabileceğiniz tutarla işlem yapın.',
        ],
      },
    ],
    action: 'TONUSDT’de işlem yapın',
  },
  {
    title: 'Planlı sistem güncellemesi: spot ve vadeli işlemler',
    lead: 'İşlem sistemimizi {start} ile {end} arasında güncelleyeceğiz. Bu süre boyunca spot ve vadeli piyasalarda emir verilemez ve emirler iptal edilemez.',
    sections: [
      {
        heading: 'Zaman çizelgesi',
        facts: [
          ['Etkilenen', 'Spot ve vadeli emir verme ve iptal etme'],
          ['Başlangıç', '{start}'],
          ['Bitiş', '{end}'],
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Açık emirler emir defterinde kalır, açık pozisyonlar açık kalır.',
          'Yatırma, çekme ve hesaplarınız arasındaki transferler her zamanki gibi devam eder.',
          'Güncelleme başlamadan önce vadeli pozisyonlarınızda yeterli teminat olduğundan emin olun.',
        ],
      },
    ],
    action: 'Vadeli hesabınızı kontrol edin',
  },
  {
    title: 'Simülasyon işlemiyle risksiz pratik yapın',
    lead: 'Simülasyon işlemi, {demo} USDT demo fonuyla piyasa fiyatlarından spot ve vadeli işlemleri denemenizi sağlar; gerçek bakiyenize dokunulmaz.',
    sections: [
      {
        heading: 'Nasıl başlanır',
        steps: [
          'Giriş yapın ve herhangi bir spot veya vadeli işlem ekranını açın.',
          '“Simülasyon işlemini deneyin” seçeneğini seçin.',
          'Her zamanki gibi işlem yapın: bir bant, emirlerin demo fonları kullandığını hatırlatır. Hesabınıza dönmek için “Simülasyondan çık” seçeneğini seçin.',
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Demo hesabınızın bakiyeleri, emirleri, pozisyonları ve VIP seviyesi gerçek hesabınızdan ayrı tutulur.',
          'Demo fonları çekilemez ve gerçek hesabınıza aktarılamaz.',
        ],
      },
    ],
    action: 'Vadeli işlem ekranını aç',
  },
  {
    title: 'Spot ve vadeli için güncellenmiş VIP ücret tablosu',
    lead: '{effective} itibarıyla tek bir VIP seviyesi iki piyasadaki ücretlerinizi belirler: {days} günlük spot hacminizin ve {days} günlük vadeli hacminizin ulaştığı seviyelerden yüksek olanı.',
    sections: [
      { heading: 'VIP seviyesine göre ücretler', feeColumns: ['Seviye', 'Spot maker / taker', 'Vadeli maker / taker'] },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Her gerçekleşen işlem hacminize hemen sayılır ve {days} günden eski olunca sayılmaz.',
          'Alt hesaplar ana hesaplarının seviyesinden işlem yapar ve hacimleri ana hesaba sayılır.',
          'Maker’lar emir defterinde bekleyen emirlerle likidite sağlar; taker’lar bu emirlerle anında eşleşir.',
        ],
      },
    ],
    action: 'Ücret tablosunu ve seviyenizi görün',
  },
  {
    title: 'Yeni listelemeler: ARB/USDT ve OP/USDT spot işlemleri',
    lead: 'Ethereum üzerine kurulu iki katman 2 ağı Arbitrum (ARB) ve Optimism (OP), spot piyasamıza geliyor. İki parite de {opens} itibarıyla işleme açılıyor.',
    sections: [
      {
        heading: 'Ayrıntılar',
        facts: [
          ['İşlem pariteleri', 'ARB/USDT, OP/USDT'],
          ['Piyasa', 'Spot'],
          ['İşlemlerin başlangıcı', '{opens}'],
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'ARB ve OP yatırma ve çekme işlemleri henüz açık değildir; bunları ayrıca duyuracağız.',
          'Yeni listelenen bir coinin fiyatı sert hareket edebilir. Limit emirleri değerlendirin ve yalnızca kaybetmeyi göze alabileceğiniz tutarla işlem yapın.',
        ],
      },
    ],
    action: 'ARB/USDT’de işlem yapın',
  },
  {
    title: 'Tron ağı güncellemesi: USDT (TRC20) yatırma ve çekme duraklatıldı',
    lead: 'Tron ağındaki bir güncellemeye destek olmak için TRC20 üzerinden USDT yatırma ve çekme işlemlerini {start} ile {end} arasında duraklatacağız.',
    sections: [
      {
        heading: 'Zaman çizelgesi',
        facts: [
          ['Etkilenen', 'USDT yatırma ve çekme (TRC20)'],
          ['Başlangıç', '{start}'],
          ['Bitiş', '{end}'],
        ],
      },
      {
        heading: 'Bilmeniz gerekenler',
        points: [
          'Ethereum (ERC20) ağındaki USDT her zamanki gibi yatırılabilir ve çekilebilir.',
          'Alım satım işlemleri etkilenmez.',
          'Duraklama sırasında TRC20 üzerinden gönderilen bir yatırma, güncelleme bitince hesabınıza geçer.',
        ],
      },
    ],
    action: 'Çekme sayfasına git',
  },
  {
    title: 'Koruma fonu: bakiye, geçmiş ve ödemeler artık herkese açık',
    lead: 'Koruma fonu, tasfiye edilen bir hesabın kendi karşılayamadığı vadeli işlem zararlarını karşılar. Fonun sayfası bakiyesini, nasıl değiştiğini ve her ödemeyi gösterir.',
    sections: [
      {
        heading: 'Sayfada neler var',
        points: [
          'Fonun USDT cinsinden güncel bakiyesi ve en son ne zaman güncellendiği.',
          'Bakiyenin zaman içindeki grafiği.',
          'Her ödeme; zamanı, piyasası, yönü, büyüklüğü ve tutarıyla. Hesaplar yalnızca maskelenmiş bir referansla görünür.',
        ],
      },
      {
        heading: 'Fonun karşılamadıkları',
        points: [
          'Kendi teminatınız: tasfiye edilen bir pozisyon yine de teminatını kaybeder.',
          'Tasfiye edilmeyen pozisyonların zararları, spot işlemler, işlem ücretleri ve fonlama ödemeleri.',
        ],
      },
    ],
    action: 'Koruma fonunu görüntüle',
  },
  {
    title: 'Güvenlik hatırlatması: kimlik avını nasıl tanırsınız',
    lead: 'Dolandırıcılar, parolaları ve doğrulama kodlarını çalmak için e-postalarımızı, SMS’lerimizi ve web sayfalarımızı taklit eder. Birkaç alışkanlık hesabınızı güvende tutar.',
    sections: [
      {
        heading: 'Hesabınızı koruyun',
        points: [
          'Hesap ayarlarınızda bir kimlik avı önleme kodu belirleyin. Size gönderdiğimiz her e-posta ve SMS bu kodu gösterir; kodu içermeyen bir mesaj bizden değildir.',
          'Parolanızı, doğrulama kodlarınızı veya API gizli anahtarlarınızı, bizim için çalıştığını söyleyenler dahil hiç kimseyle paylaşmayın.',
          'Giriş yapmadan önce adres çubuğunu kontrol edin ve sitemizi bir mesajdaki bağlantı yerine yer imlerinizden açın.',
          'Bir güvenlik anahtarı ekleyin; böylece çalınan bir parola tek başına hesabınızı açamaz.',
        ],
      },
    ],
    action: 'Kimlik avı önleme kodunuzu belirleyin',
  },
];
