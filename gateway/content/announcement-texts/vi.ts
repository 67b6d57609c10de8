import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in Vietnamese, newest first. */
export const vi: readonly AnnouncementText[] = [
  {
    title: 'Niêm yết mới: giao dịch giao ngay SUI/USDT',
    lead: 'SUI, token gốc của blockchain Sui, được niêm yết trên thị trường giao ngay. Cặp SUI/USDT mở giao dịch lúc {opens}.',
    sections: [
      {
        heading: 'Chi tiết',
        facts: [
          ['Cặp giao dịch', 'SUI/USDT'],
          ['Thị trường', 'Giao ngay'],
          ['Mở giao dịch', '{opens}'],
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Lệnh giới hạn và lệnh thị trường có thể dùng ngay khi giao dịch mở.',
          'Chưa hỗ trợ nạp và rút SUI; chúng tôi sẽ thông báo riêng khi mở.',
          'Giá của đồng tiền mới niêm yết có thể biến động mạnh. Hãy cân nhắc dùng lệnh giới hạn và chỉ giao dịch số tiền bạn có thể chấp nhận mất.',
        ],
      },
    ],
    action: 'Giao dịch SUI/USDT',
  },
  {
    title: 'Bảo trì theo lịch: nạp và rút ETH',
    lead: 'Chúng tôi sẽ nâng cấp ví Ethereum từ {start} đến {end}. Trong thời gian này, việc nạp và rút ETH sẽ tạm dừng.',
    sections: [
      {
        heading: 'Lịch trình',
        facts: [
          ['Phạm vi ảnh hưởng', 'Nạp và rút ETH (ERC20)'],
          ['Bắt đầu', '{start}'],
          ['Kết thúc', '{end}'],
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Giao dịch ETH trên thị trường giao ngay và hợp đồng tương lai không bị ảnh hưởng.',
          'Khoản nạp gửi trong thời gian bảo trì sẽ được ghi có sau khi bảo trì kết thúc; bạn không cần gửi lại.',
          'Nếu công việc hoàn tất sớm, nạp và rút sẽ mở lại mà không có thông báo thêm.',
        ],
      },
    ],
    action: 'Đến trang nạp tiền',
  },
  {
    title: 'Cuộc thi giao dịch giao ngay với các cặp USDT',
    lead: 'Từ {start} đến {end}, hãy giao dịch bất kỳ cặp giao ngay nào định giá bằng USDT để tranh phần thưởng từ quỹ {pool} USDT.',
    sections: [
      {
        heading: 'Chi tiết',
        facts: [
          ['Bắt đầu', '{start}'],
          ['Kết thúc', '{end}'],
          ['Quỹ thưởng', '{pool} USDT'],
          ['Khối lượng tối thiểu để tham gia', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Thể lệ',
        points: [
          'Người tham gia được xếp hạng theo khối lượng giao dịch giao ngay trên các cặp USDT trong thời gian diễn ra cuộc thi. {winners} người dẫn đầu chia quỹ thưởng theo tỷ lệ khối lượng.',
          'Khối lượng của tài khoản phụ được tính cho tài khoản chính. Giao dịch ở chế độ mô phỏng không được tính.',
          'Phần thưởng được ghi có vào tài khoản giao ngay của người thắng trong vòng 7 ngày sau khi cuộc thi kết thúc. Tài khoản có hành vi giao dịch giả sẽ bị loại.',
        ],
      },
    ],
    action: 'Bắt đầu giao dịch',
  },
  {
    title: 'Bằng chứng dự trữ: kiểm tra số dư của bạn đã được tính',
    lead: 'Trang bằng chứng dự trữ cho thấy, theo từng đồng tiền, tài sản chúng tôi nắm giữ so với số nợ đối với người dùng, và cho phép bạn tự xác minh số dư của mình đã được tính.',
    sections: [
      {
        heading: 'Cách xác minh số dư',
        steps: [
          'Đăng nhập và mở trang bằng chứng dự trữ.',
          'Chọn “Tải và xác minh bằng chứng của tôi”. Bằng chứng được lưu thành tệp và được kiểm tra từng bước ngay trong trình duyệt.',
          'Nếu các hàm băm tính từ số dư của bạn dẫn đến đúng gốc đã công bố, số dư của bạn đã được tính vào khoản nợ.',
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Bằng chứng của bạn gắn với một nonce riêng chỉ bạn nhận được, nên nó chỉ cho thấy số dư của bạn và không tiết lộ gì về người khác.',
          'Bạn cũng có thể kiểm tra tệp bằng chứng ngoại tuyến, không cần trang của chúng tôi, bằng lệnh được hướng dẫn ở đó.',
          'Số dư mô phỏng không phải khoản nợ với ai và không thuộc phần dự trữ.',
        ],
      },
    ],
    action: 'Mở bằng chứng dự trữ',
  },
  {
    title: 'Niêm yết mới: hợp đồng vĩnh cửu TONUSDT',
    lead: 'Hợp đồng vĩnh cửu USDT-M TONUSDT mở giao dịch lúc {opens}, với đòn bẩy tối đa {leverage}x.',
    sections: [
      {
        heading: 'Thông tin hợp đồng',
        facts: [
          ['Hợp đồng', 'TONUSDT vĩnh cửu'],
          ['Ký quỹ và thanh toán', 'USDT'],
          ['Đòn bẩy tối đa', '{leverage}x'],
          ['Chu kỳ funding', 'Mỗi {funding} giờ'],
          ['Mở giao dịch', '{opens}'],
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Hỗ trợ cả ký quỹ riêng lẻ và ký quỹ chéo, ở chế độ một chiều và chế độ phòng hộ.',
          'Đòn bẩy khuếch đại cả lãi lẫn lỗ, và vị thế cạn ký quỹ sẽ bị thanh lý. Chỉ giao dịch số tiền bạn có thể chấp nhận mất.',
        ],
      },
    ],
    action: 'Giao dịch TONUSDT',
  },
  {
    title: 'Nâng cấp hệ thống theo lịch: giao dịch giao ngay và hợp đồng tương lai',
    lead: 'Chúng tôi sẽ nâng cấp hệ thống giao dịch từ {start} đến {end}. Trong thời gian này, bạn không thể đặt hoặc hủy lệnh trên thị trường giao ngay và hợp đồng tương lai.',
    sections: [
      {
        heading: 'Lịch trình',
        facts: [
          ['Phạm vi ảnh hưởng', 'Đặt và hủy lệnh giao ngay và hợp đồng tương lai'],
          ['Bắt đầu', '{start}'],
          ['Kết thúc', '{end}'],
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Lệnh đang chờ vẫn nằm trong sổ lệnh và các vị thế đang mở vẫn giữ nguyên.',
          'Nạp, rút và chuyển tiền giữa các tài khoản của bạn vẫn diễn ra bình thường.',
          'Vui lòng bảo đảm vị thế hợp đồng tương lai có đủ ký quỹ trước khi nâng cấp bắt đầu.',
        ],
      },
    ],
    action: 'Kiểm tra tài khoản hợp đồng tương lai',
  },
  {
    title: 'Luyện tập không rủi ro với giao dịch mô phỏng',
    lead: 'Giao dịch mô phỏng cho phép bạn thử giao dịch giao ngay và hợp đồng tương lai với {demo} USDT tiền demo, theo giá thị trường và không động đến số dư thực.',
    sections: [
      {
        heading: 'Cách bắt đầu',
        steps: [
          'Đăng nhập và mở bất kỳ màn hình giao dịch giao ngay hoặc hợp đồng tương lai nào.',
          'Chọn “Dùng thử giao dịch mô phỏng”.',
          'Giao dịch như thường lệ: một biểu ngữ nhắc bạn rằng lệnh dùng tiền demo. Chọn “Thoát mô phỏng” để quay lại tài khoản của bạn.',
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Tài khoản demo có số dư, lệnh, vị thế và cấp VIP riêng, tách biệt với tài khoản thực.',
          'Tiền demo không thể rút hoặc chuyển sang tài khoản thực.',
        ],
      },
    ],
    action: 'Mở màn hình giao dịch hợp đồng tương lai',
  },
  {
    title: 'Cập nhật biểu phí VIP cho giao ngay và hợp đồng tương lai',
    lead: 'Từ {effective}, một cấp VIP duy nhất quyết định phí của bạn trên cả hai thị trường: cấp cao hơn trong hai cấp mà khối lượng giao ngay {days} ngày và khối lượng hợp đồng tương lai {days} ngày của bạn đạt được.',
    sections: [
      { heading: 'Phí theo cấp VIP', feeColumns: ['Cấp', 'Spot maker / taker', 'Futures maker / taker'] },
      {
        heading: 'Lưu ý',
        points: [
          'Mỗi lần khớp lệnh được tính vào khối lượng ngay lập tức và thôi được tính khi đã quá {days} ngày.',
          'Tài khoản phụ giao dịch theo cấp của tài khoản chính, và khối lượng của chúng được tính cho tài khoản chính.',
          'Maker cung cấp thanh khoản bằng lệnh nằm chờ trong sổ lệnh; taker khớp ngay với lệnh có sẵn trong sổ.',
        ],
      },
    ],
    action: 'Xem biểu phí và cấp của bạn',
  },
  {
    title: 'Niêm yết mới: giao dịch giao ngay ARB/USDT và OP/USDT',
    lead: 'Arbitrum (ARB) và Optimism (OP), hai mạng lớp 2 xây dựng trên Ethereum, được niêm yết trên thị trường giao ngay. Cả hai cặp mở giao dịch lúc {opens}.',
    sections: [
      {
        heading: 'Chi tiết',
        facts: [
          ['Cặp giao dịch', 'ARB/USDT, OP/USDT'],
          ['Thị trường', 'Giao ngay'],
          ['Mở giao dịch', '{opens}'],
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'Chưa hỗ trợ nạp và rút ARB và OP; chúng tôi sẽ thông báo riêng khi mở.',
          'Giá của đồng tiền mới niêm yết có thể biến động mạnh. Hãy cân nhắc dùng lệnh giới hạn và chỉ giao dịch số tiền bạn có thể chấp nhận mất.',
        ],
      },
    ],
    action: 'Giao dịch ARB/USDT',
  },
  {
    title: 'Nâng cấp mạng Tron: tạm dừng nạp và rút USDT (TRC20)',
    lead: 'Để hỗ trợ đợt nâng cấp mạng Tron, chúng tôi sẽ tạm dừng nạp và rút USDT qua TRC20 từ {start} đến {end}.',
    sections: [
      {
        heading: 'Lịch trình',
        facts: [
          ['Phạm vi ảnh hưởng', 'Nạp và rút USDT (TRC20)'],
          ['Bắt đầu', '{start}'],
          ['Kết thúc', '{end}'],
        ],
      },
      {
        heading: 'Lưu ý',
        points: [
          'USDT trên mạng Ethereum (ERC20) vẫn nạp và rút bình thường.',
          'Giao dịch không bị ảnh hưởng.',
          'Khoản nạp gửi qua TRC20 trong thời gian tạm dừng sẽ được ghi có sau khi nâng cấp kết thúc.',
        ],
      },
    ],
    action: 'Đến trang rút tiền',
  },
  {
    title: 'Quỹ bảo hiểm: công khai số dư, lịch sử và các khoản chi trả',
    lead: 'Quỹ bảo hiểm bù đắp khoản lỗ hợp đồng tương lai mà tài khoản bị thanh lý không tự gánh được. Trang của quỹ cho thấy số dư, diễn biến số dư và mọi khoản chi trả.',
    sections: [
      {
        heading: 'Trang hiển thị gì',
        points: [
          'Số dư USDT hiện tại của quỹ và thời điểm cập nhật gần nhất.',
          'Biểu đồ số dư theo thời gian.',
          'Từng khoản chi trả với thời gian, thị trường, chiều, khối lượng và số tiền; tài khoản chỉ hiện dưới dạng mã tham chiếu đã che.',
        ],
      },
      {
        heading: 'Quỹ không chi trả cho',
        points: [
          'Ký quỹ của chính bạn: vị thế bị thanh lý vẫn mất ký quỹ của nó.',
          'Khoản lỗ của vị thế không bị thanh lý, giao dịch giao ngay, phí giao dịch và phí funding.',
        ],
      },
    ],
    action: 'Xem quỹ bảo hiểm',
  },
  {
    title: 'Nhắc nhở bảo mật: cách nhận biết lừa đảo phishing',
    lead: 'Kẻ lừa đảo giả mạo email, tin nhắn và trang web của chúng tôi để đánh cắp mật khẩu và mã xác minh. Một vài thói quen đơn giản giúp tài khoản của bạn an toàn.',
    sections: [
      {
        heading: 'Bảo vệ tài khoản của bạn',
        points: [
          'Đặt mã chống lừa đảo trong phần cài đặt tài khoản. Mọi email và tin nhắn chúng tôi gửi đều hiển thị mã này; tin nhắn không có mã không phải do chúng tôi gửi.',
          'Không bao giờ chia sẻ mật khẩu, mã xác minh hoặc khóa bí mật API với bất kỳ ai, kể cả người tự nhận là nhân viên của chúng tôi.',
          'Kiểm tra thanh địa chỉ trước khi đăng nhập, và mở trang của chúng tôi từ dấu trang thay vì từ liên kết trong tin nhắn.',
          'Thêm khóa bảo mật để kẻ gian không thể vào tài khoản chỉ với mật khẩu đánh cắp được.',
        ],
      },
    ],
    action: 'Đặt mã chống lừa đảo',
  },
];
