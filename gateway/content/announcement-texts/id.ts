import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Indonesian, newest first. */
export const id: readonly AnnouncementText[] = [
  {
    title: 'Listing baru: perdagangan spot SUI/USDT',
    lead: 'SUI, token asli blockchain Sui, hadir di pasar spot kami. Pasangan SUI/USDT dibuka untuk diperdagangkan pada {opens}.',
    sections: [
      {
        heading: 'Rincian',
        facts: [
          ['Pasangan perdagangan', 'SUI/USDT'],
          ['Pasar', 'Spot'],
          ['Perdagangan dibuka', '{opens}'],
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Order limit dan order pasar tersedia begitu perdagangan dibuka.',
          'Deposit dan penarikan SUI belum tersedia; kami akan mengumumkannya secara terpisah.',
          'Harga koin yang baru listing bisa bergerak tajam. Pertimbangkan order limit, dan hanya gunakan dana yang sanggup Anda tanggung kerugiannya.',
        ],
      },
    ],
    action: 'Trading SUI/USDT',
  },
  {
    title: 'Pemeliharaan terjadwal: deposit dan penarikan ETH',
    lead: 'Kami akan memperbarui dompet Ethereum kami dari {start} hingga {end}. Selama waktu itu, deposit dan penarikan ETH dihentikan sementara.',
    sections: [
      {
        heading: 'Jadwal',
        facts: [
          ['Terdampak', 'Deposit dan penarikan ETH (ERC20)'],
          ['Mulai', '{start}'],
          ['Selesai', '{end}'],
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Trading ETH di pasar spot dan futures tidak terdampak.',
          'Deposit yang dikirim selama pemeliharaan akan dikreditkan setelah pemeliharaan selesai; Anda tidak perlu mengirimnya lagi.',
          'Jika pekerjaan selesai lebih awal, deposit dan penarikan dibuka kembali tanpa pengumuman lanjutan.',
        ],
      },
    ],
    action: 'Buka halaman deposit',
  },
  {
    title: 'Kompetisi trading spot pada pasangan USDT',
    lead: 'Dari {start} hingga {end}, lakukan trading pada pasangan spot apa pun yang berdenominasi USDT untuk bersaing mendapatkan bagian dari total hadiah {pool} USDT.',
    sections: [
      {
        heading: 'Rincian',
        facts: [
          ['Mulai', '{start}'],
          ['Selesai', '{end}'],
          ['Total hadiah', '{pool} USDT'],
          ['Volume minimum untuk ikut serta', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Ketentuan',
        points: [
          'Peserta diperingkat berdasarkan volume trading spot pada pasangan USDT selama kompetisi. {winners} peserta teratas berbagi total hadiah sesuai proporsi volume mereka.',
          'Volume subakun dihitung untuk akun utamanya. Trading dalam mode simulasi tidak dihitung.',
          'Hadiah dikreditkan ke akun spot pemenang dalam 7 hari setelah kompetisi berakhir. Akun yang terbukti melakukan wash trading didiskualifikasi.',
        ],
      },
    ],
    action: 'Mulai trading',
  },
  {
    title: 'Bukti cadangan: pastikan saldo Anda ikut dihitung',
    lead: 'Halaman bukti cadangan kami menunjukkan, untuk setiap koin, aset yang kami simpan dibandingkan dengan kewajiban kami kepada pengguna, dan memungkinkan Anda memverifikasi bahwa saldo Anda sendiri sudah termasuk.',
    sections: [
      {
        heading: 'Cara memverifikasi saldo Anda',
        steps: [
          'Masuk dan buka halaman bukti cadangan.',
          'Pilih “Unduh dan verifikasi bukti saya”. Bukti Anda disimpan sebagai file dan diperiksa langkah demi langkah di browser Anda.',
          'Jika hash yang dihitung dari saldo Anda sampai ke root yang dipublikasikan, saldo Anda sudah termasuk dalam kewajiban.',
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Bukti Anda terikat pada nonce pribadi yang hanya Anda terima, sehingga hanya menampilkan saldo Anda dan tidak ada informasi tentang pengguna lain.',
          'Anda juga dapat memeriksa file bukti secara offline, tanpa halaman kami, dengan perintah yang ditampilkan di sana.',
          'Saldo simulasi tidak terutang kepada siapa pun dan tidak termasuk dalam cadangan.',
        ],
      },
    ],
    action: 'Buka bukti cadangan',
  },
  {
    title: 'Listing baru: kontrak perpetual TONUSDT',
    lead: 'Kontrak perpetual USDT-M TONUSDT dibuka untuk diperdagangkan pada {opens}, dengan leverage hingga {leverage}x.',
    sections: [
      {
        heading: 'Rincian kontrak',
        facts: [
          ['Kontrak', 'TONUSDT perpetual'],
          ['Margin dan penyelesaian', 'USDT'],
          ['Leverage maksimum', '{leverage}x'],
          ['Interval funding', 'Setiap {funding} jam'],
          ['Perdagangan dibuka', '{opens}'],
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Margin terisolasi dan margin silang tersedia, dalam mode satu arah maupun mode hedge.',
          'Leverage memperbesar keuntungan sekaligus kerugian, dan posisi yang kehabisan margin akan dilikuidasi. Hanya gunakan dana yang sanggup Anda tanggung kerugiannya.',
        ],
      },
    ],
    action: 'Trading TONUSDT',
  },
  {
    title: 'Peningkatan sistem terjadwal: trading spot dan futures',
    lead: 'Kami akan meningkatkan sistem trading kami dari {start} hingga {end}. Selama waktu itu, order di pasar spot dan futures tidak dapat dipasang atau dibatalkan.',
    sections: [
      {
        heading: 'Jadwal',
        facts: [
          ['Terdampak', 'Pemasangan dan pembatalan order spot dan futures'],
          ['Mulai', '{start}'],
          ['Selesai', '{end}'],
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Order terbuka tetap berada di buku order, dan posisi terbuka tetap terbuka.',
          'Deposit, penarikan, dan transfer antarakun Anda tetap berjalan seperti biasa.',
          'Pastikan posisi futures Anda memiliki margin yang cukup sebelum peningkatan dimulai.',
        ],
      },
    ],
    action: 'Periksa akun futures Anda',
  },
  {
    title: 'Berlatih tanpa risiko dengan trading simulasi',
    lead: 'Trading simulasi memungkinkan Anda mencoba trading spot dan futures dengan dana demo {demo} USDT, pada harga pasar dan tanpa menyentuh saldo asli Anda.',
    sections: [
      {
        heading: 'Cara memulai',
        steps: [
          'Masuk dan buka layar trading spot atau futures mana pun.',
          'Pilih “Coba trading simulasi”.',
          'Trading seperti biasa: sebuah banner mengingatkan bahwa order menggunakan dana demo. Pilih “Keluar dari simulasi” untuk kembali ke akun Anda.',
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Akun demo Anda memiliki saldo, order, posisi, dan level VIP sendiri, terpisah dari akun asli Anda.',
          'Dana demo tidak dapat ditarik atau dipindahkan ke akun asli Anda.',
        ],
      },
    ],
    action: 'Buka layar trading futures',
  },
  {
    title: 'Pembaruan jadwal biaya VIP untuk spot dan futures',
    lead: 'Mulai {effective}, satu level VIP menentukan biaya Anda di kedua pasar: level tertinggi yang dicapai oleh volume spot {days} hari atau volume futures {days} hari Anda.',
    sections: [
      { heading: 'Biaya per level VIP', feeColumns: ['Level', 'Spot maker / taker', 'Futures maker / taker'] },
      {
        heading: 'Perlu diketahui',
        points: [
          'Setiap eksekusi langsung dihitung ke volume Anda dan tidak lagi dihitung setelah berumur lebih dari {days} hari.',
          'Subakun bertrading pada level akun utamanya, dan volumenya dihitung untuk akun utama tersebut.',
          'Maker menambah likuiditas dengan order yang tetap di buku order; taker langsung tereksekusi terhadap order tersebut.',
        ],
      },
    ],
    action: 'Lihat jadwal biaya dan level Anda',
  },
  {
    title: 'Listing baru: perdagangan spot ARB/USDT dan OP/USDT',
    lead: 'Arbitrum (ARB) dan Optimism (OP), dua jaringan layer 2 yang dibangun di atas Ethereum, hadir di pasar spot kami. Kedua pasangan dibuka untuk diperdagangkan pada {opens}.',
    sections: [
      {
        heading: 'Rincian',
        facts: [
          ['Pasangan perdagangan', 'ARB/USDT, OP/USDT'],
          ['Pasar', 'Spot'],
          ['Perdagangan dibuka', '{opens}'],
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'Deposit dan penarikan ARB dan OP belum tersedia; kami akan mengumumkannya secara terpisah.',
          'Harga koin yang baru listing bisa bergerak tajam. Pertimbangkan order limit, dan hanya gunakan dana yang sanggup Anda tanggung kerugiannya.',
        ],
      },
    ],
    action: 'Trading ARB/USDT',
  },
  {
    title: 'Peningkatan jaringan Tron: deposit dan penarikan USDT (TRC20) dihentikan sementara',
    lead: 'Untuk mendukung peningkatan jaringan Tron, kami akan menghentikan sementara deposit dan penarikan USDT melalui TRC20 dari {start} hingga {end}.',
    sections: [
      {
        heading: 'Jadwal',
        facts: [
          ['Terdampak', 'Deposit dan penarikan USDT (TRC20)'],
          ['Mulai', '{start}'],
          ['Selesai', '{end}'],
        ],
      },
      {
        heading: 'Perlu diketahui',
        points: [
          'USDT di jaringan Ethereum (ERC20) tetap dapat didepositkan dan ditarik seperti biasa.',
          'Trading tidak terdampak.',
          'Deposit yang dikirim melalui TRC20 selama penghentian akan dikreditkan setelah peningkatan selesai.',
        ],
      },
    ],
    action: 'Buka halaman penarikan',
  },
  {
    title: 'Dana perlindungan: saldo, riwayat, dan pembayaran kini terbuka untuk umum',
    lead: 'Dana perlindungan menutup kerugian futures yang tidak dapat ditanggung sendiri oleh akun yang dilikuidasi. Halamannya menampilkan saldo dana, perubahannya, dan setiap pembayaran.',
    sections: [
      {
        heading: 'Yang ditampilkan halaman',
        points: [
          'Saldo dana saat ini dalam USDT dan waktu pembaruan terakhirnya.',
          'Grafik saldo dari waktu ke waktu.',
          'Setiap pembayaran dengan waktu, pasar, arah, ukuran, dan jumlahnya; akun hanya ditampilkan sebagai referensi yang disamarkan.',
        ],
      },
      {
        heading: 'Yang tidak ditanggung dana',
        points: [
          'Margin Anda sendiri: posisi yang dilikuidasi tetap kehilangan marginnya.',
          'Kerugian posisi yang tidak dilikuidasi, trading spot, biaya trading, dan pembayaran funding.',
        ],
      },
    ],
    action: 'Lihat dana perlindungan',
  },
  {
    title: 'Pengingat keamanan: cara mengenali phishing',
    lead: 'Penipu meniru email, SMS, dan halaman web kami untuk mencuri kata sandi dan kode verifikasi. Beberapa kebiasaan sederhana menjaga akun Anda tetap aman.',
    sections: [
      {
        heading: 'Lindungi akun Anda',
        points: [
          'Atur kode anti-phishing di pengaturan akun. Setiap email dan SMS yang kami kirimkan menampilkan kode ini; pesan tanpa kode tersebut bukan dari kami.',
          'Jangan pernah membagikan kata sandi, kode verifikasi, atau kunci rahasia API kepada siapa pun, termasuk orang yang mengaku bekerja untuk kami.',
          'Periksa bilah alamat sebelum masuk, dan buka situs kami dari bookmark, bukan dari tautan di dalam pesan.',
          'Tambahkan kunci keamanan agar kata sandi yang dicuri saja tidak cukup untuk membuka akun Anda.',
        ],
      },
    ],
    action: 'Atur kode anti-phishing Anda',
  },
];
